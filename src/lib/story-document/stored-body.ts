import { documentFromHtml, htmlText } from './from-html';
import { storyHtml } from './legacy-markup';
import { renderStoryDocument } from './render';
import { StoryDocumentSchema, type StoryDocument } from './schema';

/** The document, the HTML rendered from it, and that HTML's words alone (what search indexes). */
export interface StoredBody {
  doc: StoryDocument;
  content: string;
  plainText: string;
}

/**
 * A Story body in its one stored form: the document (the source) and the HTML rendered from it.
 * Light markup from before the editor (blank-line paragraphs, a few tags) is read through its old
 * renderer first, so it converts to exactly the text readers saw.
 */
export function storedBodyFromMarkup(markup: string): StoredBody {
  return storedBodyFromDocument(StoryDocumentSchema.parse(documentFromHtml(storyHtml(markup))));
}

export function storedBodyFromDocument(doc: StoryDocument): StoredBody {
  const content = renderStoryDocument(doc);
  return { doc, content, plainText: htmlText(content) };
}

/** What a page shows of a stored body: the rendered HTML, or old markup not converted yet. */
export function bodyHtmlOf(story: { content: string; doc: StoryDocument | null }): string {
  return story.doc ? story.content : storyHtml(story.content);
}
