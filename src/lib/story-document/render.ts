import type { StoryBlock, StoryDocument, StoryInline, StoryList, StoryListItem } from './schema';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where an embedded spot goes in the stored HTML; the page puts the live spot there (story-spots.ts). */
export const spotCardSlot = (spotId: number) => `<div class="story-spot" data-spot-id="${spotId}"></div>`;
export const SPOT_CARD_SLOT = /<div class="story-spot" data-spot-id="(\d+)"><\/div>/g;

function inline(nodes: StoryInline[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br />';
      let html = escape(node.text);
      // Bold and italic inside, the link outside, whatever order the editor listed them in.
      const marks = [...(node.marks ?? [])].sort((a, b) => (a.type === 'link' ? 1 : 0) - (b.type === 'link' ? 1 : 0));
      for (const mark of marks) {
        if (mark.type === 'bold') html = `<strong>${html}</strong>`;
        else if (mark.type === 'italic') html = `<em>${html}</em>`;
        else {
          const external = /^https?:/i.test(mark.attrs.href);
          html = `<a href="${escape(mark.attrs.href)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${html}</a>`;
        }
      }
      return html;
    })
    .join('');
}

function listItem(item: StoryListItem): string {
  return `<li>${item.content.map((child) => (child.type === 'paragraph' ? inline(child.content) : list(child))).join('')}</li>`;
}

function list(node: StoryList): string {
  const items = node.content.map(listItem).join('');
  if (node.type === 'bulletList') return `<ul>${items}</ul>`;
  const start = node.attrs?.start;
  return `<ol${start !== undefined && start !== 1 ? ` start="${start}"` : ''}>${items}</ol>`;
}

function block(node: StoryBlock): string {
  switch (node.type) {
    case 'paragraph':
      // An empty paragraph is the editor's room to type (after a picture, at the end), not a gap on the page.
      return node.content?.length ? `<p>${inline(node.content)}</p>` : '';
    case 'heading':
      return `<h${node.attrs.level}>${inline(node.content)}</h${node.attrs.level}>`;
    case 'bulletList':
    case 'orderedList':
      return list(node);
    case 'blockquote':
      return `<blockquote>${node.content.map(block).join('')}</blockquote>`;
    case 'horizontalRule':
      return '<hr />';
    case 'image': {
      const { src, alt, caption } = node.attrs;
      const image = `<img src="${escape(src)}" alt="${escape(alt)}" loading="lazy" decoding="async" />`;
      return `<figure class="story-figure">${image}${caption ? `<figcaption>${escape(caption)}</figcaption>` : ''}</figure>`;
    }
    case 'spotCard':
      return spotCardSlot(node.attrs.spotId);
    case 'callout':
      return `<aside class="story-callout">${node.content.map(block).join('')}</aside>`;
  }
}

/**
 * The stored HTML of a Story, rendered on save from its (validated) document: every character of
 * text escaped, links and pictures already checked by the schema. Blocks are one a line.
 */
export function renderStoryDocument(doc: StoryDocument): string {
  return doc.content.map(block).filter(Boolean).join('\n');
}
