import { documentFromHtml } from './from-html';
import { storyHtml } from './legacy-markup';
import { renderStoryDocument } from './render';
import { StoryDocumentSchema, type StoryDocument } from './schema';

/**
 * A Story body in its one stored form: the document (the source) and the HTML rendered from it.
 * Light markup from before the editor (blank-line paragraphs, a few tags) is read through its old
 * renderer first, so it converts to exactly the text readers saw.
 */
export function storedBodyFromMarkup(markup: string): { doc: StoryDocument; content: string } {
  const doc = StoryDocumentSchema.parse(documentFromHtml(storyHtml(markup)));
  return { doc, content: renderStoryDocument(doc) };
}

export function storedBodyFromDocument(doc: StoryDocument): { doc: StoryDocument; content: string } {
  return { doc, content: renderStoryDocument(doc) };
}

/** What a page shows of a stored body: the rendered HTML, or old markup not converted yet. */
export function bodyHtmlOf(story: { content: string; doc: StoryDocument | null }): string {
  return story.doc ? story.content : storyHtml(story.content);
}
