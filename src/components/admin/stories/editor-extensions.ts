import { Node, mergeAttributes, type Extensions } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import { ListItem } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { safeHref, safeImageSource } from '../../../lib/story-document/addresses';

/**
 * The editor's schema: exactly the node and mark types the server accepts
 * (src/lib/story-document/schema.ts). Pasted HTML is read through these rules only, so styles,
 * classes, scripts and handlers never reach the document.
 */

/** A picture from the photo pipeline, with its required alt text and an optional caption. */
const StoryImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, caption: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element: HTMLElement) => {
          const img = element.querySelector('img');
          const alt = img?.getAttribute('alt')?.trim();
          const src = img?.getAttribute('src') ?? '';
          if (!img || !alt || !safeImageSource(src)) return false;
          return { src: img.getAttribute('src'), alt, caption: element.querySelector('figcaption')?.textContent?.trim() || null };
        },
      },
      {
        tag: 'img[src]',
        // A picture without alt text (most pasted ones) is left out: add it with the Image button.
        getAttrs: (element: HTMLElement) => {
          const alt = element.getAttribute('alt')?.trim();
          const src = element.getAttribute('src') ?? '';
          return alt && safeImageSource(src) ? { src, alt, caption: null } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    const img = ['img', { src: node.attrs.src, alt: node.attrs.alt }] as const;
    return node.attrs.caption ? ['figure', { class: 'story-figure' }, img, ['figcaption', {}, node.attrs.caption]] : ['figure', { class: 'story-figure' }, img];
  },
});

/** A spot embedded by id; the page draws its picture, neighbourhood and open-now from the live spot. */
const SpotCard = Node.create({
  name: 'spotCard',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { names: {} as Record<number, string> };
  },
  addAttributes() {
    return {
      spotId: { default: null, parseHTML: (element: HTMLElement) => Number(element.getAttribute('data-spot-id')) || null },
      name: { default: null, rendered: false },
    };
  },
  parseHTML() {
    return [{ tag: 'div.story-spot[data-spot-id]' }];
  },
  renderHTML({ node }) {
    const name = node.attrs.name ?? this.options.names[node.attrs.spotId] ?? `Spot ${node.attrs.spotId}`;
    return [
      'div',
      { class: 'editor-spot', 'data-spot-id': node.attrs.spotId },
      ['strong', {}, `Spot card: ${name}`],
      ['span', {}, 'Picture, neighbourhood and open-now are shown live on the page.'],
    ];
  },
});

const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: '(paragraph|bulletList|orderedList)+',
  defining: true,
  parseHTML() {
    return [{ tag: 'aside.story-callout' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['aside', mergeAttributes(HTMLAttributes, { class: 'story-callout' }), 0];
  },
});

export function storyExtensions(spotNames: Record<number, string>): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => safeHref(url) },
      blockquote: false,
      listItem: false,
    }),
    ...blockRules(),
    StoryImage,
    SpotCard.configure({ names: spotNames }),
    Callout,
  ].flat();
}

/** Quotes and list items hold text and lists only (what the stored form allows). */
function blockRules(): Extensions {
  return [Blockquote.extend({ content: '(paragraph|heading|bulletList|orderedList)+' }), ListItem.extend({ content: 'paragraph (paragraph|bulletList|orderedList)*' })];
}
