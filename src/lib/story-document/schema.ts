import { z } from 'zod';
import { safeHref, safeImageSource } from './addresses';

export { safeHref, safeImageSource };

/**
 * A Story's body as the editor stores it: a ProseMirror (Tiptap) JSON document limited to the node
 * and mark types below. The server parses every document it is sent with this schema: anything
 * else (an unknown node, a style, a handler, a `javascript:` link) is refused or dropped, so the
 * page never trusts what a browser produced.
 */
export const STORY_BLOCK_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'horizontalRule', 'image', 'spotCard', 'callout'] as const;
export const STORY_MARK_TYPES = ['bold', 'italic', 'link'] as const;

const Mark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({
    type: z.literal('link'),
    attrs: z.object({ href: z.string().trim().max(2000).refine(safeHref, 'A link must start with https://, http://, mailto: or /') }),
  }),
]);

const Text = z.object({ type: z.literal('text'), text: z.string().min(1).max(20_000), marks: z.array(Mark).max(3).optional() });
const HardBreak = z.object({ type: z.literal('hardBreak') });
const Inline = z.discriminatedUnion('type', [Text, HardBreak]);
const inlineContent = z.array(Inline).max(2_000).optional();

const Paragraph = z.object({ type: z.literal('paragraph'), content: inlineContent });
const Heading = z.object({ type: z.literal('heading'), attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }), content: inlineContent });
const HorizontalRule = z.object({ type: z.literal('horizontalRule') });
const Image = z.object({
  type: z.literal('image'),
  attrs: z.object({
    src: z.string().trim().max(500).refine(safeImageSource, 'An image must be a path on this site or an https address'),
    alt: z.string().trim().min(1, 'Every image needs alt text: describe what it shows').max(300, 'Alt text must be at most 300 characters'),
    caption: z
      .string()
      .trim()
      .max(300, 'A caption must be at most 300 characters')
      .nullish()
      .transform((value) => value || null),
  }),
});
const SpotCard = z.object({ type: z.literal('spotCard'), attrs: z.object({ spotId: z.number().int().positive() }) });

export type StoryMark = z.infer<typeof Mark>;
export type StoryInline = z.infer<typeof Inline>;
export type StoryListItem = { type: 'listItem'; content: (StoryParagraph | StoryList)[] };
export type StoryParagraph = z.infer<typeof Paragraph>;
export type StoryHeading = z.infer<typeof Heading>;
export type StoryList = { type: 'bulletList'; content: StoryListItem[] } | { type: 'orderedList'; attrs?: { start?: number }; content: StoryListItem[] };
export type StoryBlock =
  | StoryParagraph
  | StoryHeading
  | StoryList
  | { type: 'blockquote'; content: (StoryParagraph | StoryHeading | StoryList)[] }
  | z.infer<typeof HorizontalRule>
  | z.infer<typeof Image>
  | z.infer<typeof SpotCard>
  | { type: 'callout'; content: (StoryParagraph | StoryList)[] };
export interface StoryDocument {
  type: 'doc';
  content: StoryBlock[];
}

const List: z.ZodType<StoryList> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('bulletList'), content: z.array(ListItem).min(1).max(500) }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(),
      content: z.array(ListItem).min(1).max(500),
    }),
  ]),
);
const ListItem: z.ZodType<StoryListItem> = z.lazy(() =>
  z.object({
    type: z.literal('listItem'),
    content: z
      .array(z.union([Paragraph, List]))
      .min(1)
      .max(50),
  }),
);
const Blockquote = z.object({
  type: z.literal('blockquote'),
  content: z
    .array(z.union([Paragraph, Heading, List]))
    .min(1)
    .max(200),
});
const Callout = z.object({
  type: z.literal('callout'),
  content: z
    .array(z.union([Paragraph, List]))
    .min(1)
    .max(50),
});

const Block: z.ZodType<StoryBlock> = z.union([Paragraph, Heading, List, Blockquote, HorizontalRule, Image, SpotCard, Callout]);

/** The whole document; at most 2,000 blocks. */
export const StoryDocumentSchema: z.ZodType<StoryDocument> = z.object({
  type: z.literal('doc'),
  content: z.array(Block).min(1, 'The Story is empty').max(2_000, 'The Story is too long (at most 2,000 blocks)'),
});

/** The spots a Story embeds, in order, each once. */
export function spotIdsIn(doc: StoryDocument): number[] {
  const ids = doc.content.flatMap((block) => (block.type === 'spotCard' ? [block.attrs.spotId] : []));
  return [...new Set(ids)];
}
