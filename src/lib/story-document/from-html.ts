import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { safeHref, safeImageSource, type StoryBlock, type StoryDocument, type StoryInline, type StoryList, type StoryListItem, type StoryMark } from './schema';

/**
 * Turns HTML (a legacy Story body, or what was pasted from Google Docs, Word or a web page) into a
 * Story document: headings, paragraphs, lists, quotes, links, bold and italic survive; styles,
 * classes, scripts, handlers, frames and unsafe links do not. Server-side twin of the editor's
 * own paste rules, so the stored form never depends on a browser.
 */

type Marks = StoryMark[];
interface Collector {
  blocks: StoryBlock[];
  inline: StoryInline[];
}

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'head',
  'title',
  'meta',
  'link',
  'noscript',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'button',
  'input',
  'select',
  'textarea',
  'form',
  'canvas',
  'video',
  'audio',
  'xml',
]);
const CONTAINERS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'body',
  'html',
  'center',
  'td',
  'th',
  'tr',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'dl',
  'dt',
  'dd',
  'address',
  'nav',
  'details',
  'summary',
  'pre',
  'caption',
]);

const style = (el: Element) => (el.attribs.style ?? '').toLowerCase().replace(/\s+/g, '');
const hasMark = (marks: Marks, type: StoryMark['type']) => marks.some((mark) => mark.type === type);
const withMark = (marks: Marks, mark: StoryMark) => (hasMark(marks, mark.type) ? marks : [...marks, mark]);
const without = (marks: Marks, type: StoryMark['type']) => marks.filter((mark) => mark.type !== type);

/** Bold and italic written as styles (Google Docs, Word), the only styling kept. */
function styledMarks(el: Element, marks: Marks): Marks {
  const css = style(el);
  let next = marks;
  const weight = /font-weight:(\w+)/.exec(css)?.[1];
  if (weight) next = weight === 'bold' || Number(weight) >= 600 ? withMark(next, { type: 'bold' }) : without(next, 'bold');
  const fontStyle = /font-style:(\w+)/.exec(css)?.[1];
  if (fontStyle) next = fontStyle === 'italic' ? withMark(next, { type: 'italic' }) : without(next, 'italic');
  return next;
}

function addText(collector: Collector, data: string, marks: Marks) {
  const text = data.replace(/[\s\u00a0]+/g, ' ');
  if (!text) return;
  const last = collector.inline.at(-1);
  const same = last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(marks);
  if (same) last.text += text;
  else collector.inline.push(marks.length ? { type: 'text', text, marks } : { type: 'text', text });
}

/** Trims the whitespace HTML would not show: at the ends of a block and around line breaks. */
function tidy(nodes: StoryInline[]): StoryInline[] {
  const out: StoryInline[] = [];
  nodes.forEach((node, index) => {
    if (node.type === 'hardBreak') return out.push(node);
    let text = node.text;
    const before = out.at(-1);
    const after = nodes[index + 1];
    if (!before || before.type === 'hardBreak' || (before.type === 'text' && before.text.endsWith(' '))) text = text.replace(/^ +/, '');
    if (!after || after.type === 'hardBreak') text = text.replace(/ +$/, '');
    if (text) out.push({ ...node, text });
  });
  while (out[0]?.type === 'hardBreak') out.shift();
  while (out.at(-1)?.type === 'hardBreak') out.pop();
  const last = out.at(-1);
  if (last?.type === 'text') last.text = last.text.replace(/ +$/, '');
  return out.filter((node) => node.type === 'hardBreak' || node.text);
}

function flush(collector: Collector) {
  const content = tidy(collector.inline);
  collector.inline = [];
  if (content.length) collector.blocks.push({ type: 'paragraph', content });
}

function container(nodes: ChildNode[], marks: Marks): StoryBlock[] {
  const collector: Collector = { blocks: [], inline: [] };
  walkAll(nodes, collector, marks);
  flush(collector);
  return collector.blocks;
}

function inlineOf(el: Element, marks: Marks): StoryInline[] {
  // A heading or item holding blocks (Docs wraps each item's text in a <p>) is read as one line.
  return container(el.children, marks).flatMap((block, index) => {
    const content = 'content' in block && block.type === 'paragraph' ? (block.content ?? []) : [];
    return index > 0 && content.length ? [{ type: 'hardBreak' as const }, ...content] : content;
  });
}

function listItemOf(nodes: ChildNode[], marks: Marks): StoryListItem | null {
  const content = container(nodes, marks).flatMap((block): StoryListItem['content'] => {
    if (block.type === 'paragraph' || block.type === 'bulletList' || block.type === 'orderedList') return [block];
    if (block.type === 'heading') return [{ type: 'paragraph', content: block.content }];
    return [];
  });
  return content.length ? { type: 'listItem', content } : null;
}

function listOf(el: Element, marks: Marks): StoryList | null {
  const items = el.children.flatMap((child) => {
    if (child.type !== 'tag' || child.name !== 'li') return child.type === 'tag' ? (listItemOf([child], marks) ?? []) : [];
    return listItemOf(child.children, marks) ?? [];
  });
  if (!items.length) return null;
  if (el.name === 'ol') {
    const start = Number.parseInt(el.attribs.start ?? '1', 10);
    return { type: 'orderedList', ...(Number.isFinite(start) && start !== 1 && start >= 0 ? { attrs: { start } } : {}), content: items };
  }
  return { type: 'bulletList', content: items };
}

const textOf = (el: Element): string =>
  el.children
    .map((child) => (child.type === 'text' ? child.data : child.type === 'tag' && !DROPPED.has(child.name) ? textOf(child) : ''))
    .join('')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

function imageOf(img: Element, caption: string | null): StoryBlock | null {
  const src = (img.attribs.src ?? '').trim();
  const alt = (img.attribs.alt ?? '').trim();
  // A picture without alt text cannot be described to a reader who cannot see it: it is left out.
  if (!safeImageSource(src) || !alt) return null;
  return { type: 'image', attrs: { src, alt: alt.slice(0, 300), caption: caption ? caption.slice(0, 300) : null } };
}

const find = (el: Element, name: string): Element | null => {
  for (const child of el.children) {
    if (child.type !== 'tag') continue;
    if (child.name === name) return child;
    const found = find(child, name);
    if (found) return found;
  }
  return null;
};

/** Word marks its list paragraphs with a class and writes the bullet or number as text to ignore. */
const wordListParagraph = (el: Element) => el.name === 'p' && /MsoListParagraph/i.test(el.attribs.class ?? '');
const wordListMarker = (el: Element): Element | null => {
  for (const child of el.children) {
    if (child.type !== 'tag') continue;
    if (style(child).includes('mso-list:ignore')) return child;
    const found = wordListMarker(child);
    if (found) return found;
  }
  return null;
};

function walkAll(nodes: ChildNode[], collector: Collector, marks: Marks) {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (node.type === 'tag' && wordListParagraph(node)) {
      const run: Element[] = [];
      while (index < nodes.length) {
        const next = nodes[index]!;
        if (next.type === 'tag' && wordListParagraph(next)) run.push(next);
        else if (!(next.type === 'text' && !next.data.trim()) && next.type !== 'comment') break;
        index++;
      }
      index--;
      flush(collector);
      const marker = wordListMarker(run[0]!);
      const ordered = marker ? /\d|^[a-z][.)]/i.test(textOf(marker)) : false;
      const items = run.flatMap((p) => listItemOf(p.children, marks) ?? []);
      if (items.length) collector.blocks.push(ordered ? { type: 'orderedList', content: items } : { type: 'bulletList', content: items });
      continue;
    }
    walk(node, collector, marks);
  }
}

function walk(node: ChildNode, collector: Collector, marks: Marks): void {
  if (node.type === 'text') return addText(collector, node.data, marks);
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
  const el = node as Element;
  const name = el.name.toLowerCase();
  if (DROPPED.has(name) || (name.includes(':') && name !== 'o:p')) return;
  if (style(el).includes('mso-list:ignore') || style(el).includes('display:none')) return;
  const push = (block: StoryBlock | null) => {
    flush(collector);
    if (block) collector.blocks.push(block);
  };
  if (name === 'br') return void collector.inline.push({ type: 'hardBreak' });
  if (/^h[1-6]$/.test(name)) {
    const content = tidy(inlineOf(el, without(marks, 'bold')));
    const level = Math.min(Math.max(Number(name[1]), 2), 4) as 2 | 3 | 4;
    return push(content.length ? { type: 'heading', attrs: { level }, content } : null);
  }
  if (name === 'ul' || name === 'ol') return push(listOf(el, marks));
  if (name === 'li') return push(listOf({ ...el, name: 'ul', children: [el] } as Element, marks));
  if (name === 'hr') return push({ type: 'horizontalRule' });
  if (name === 'img') return push(imageOf(el, null));
  if (name === 'figure') {
    const img = find(el, 'img');
    const caption = find(el, 'figcaption');
    return push(img ? imageOf(img, caption ? textOf(caption) : null) : null);
  }
  if (name === 'div' && /^\d{1,9}$/.test(el.attribs['data-spot-id'] ?? '') && (el.attribs.class ?? '').split(/\s+/).includes('story-spot')) {
    return push({ type: 'spotCard', attrs: { spotId: Number(el.attribs['data-spot-id']) } });
  }
  if (name === 'blockquote' || (name === 'aside' && (el.attribs.class ?? '').split(/\s+/).includes('story-callout'))) {
    const inner = container(el.children, marks);
    if (name === 'blockquote') {
      const content = inner.filter((block) => ['paragraph', 'heading', 'bulletList', 'orderedList'].includes(block.type)) as Extract<
        StoryBlock,
        { type: 'blockquote' }
      >['content'];
      return push(content.length ? { type: 'blockquote', content } : null);
    }
    const content = inner.filter((block) => ['paragraph', 'bulletList', 'orderedList'].includes(block.type)) as Extract<StoryBlock, { type: 'callout' }>['content'];
    return push(content.length ? { type: 'callout', content } : null);
  }
  if (CONTAINERS.has(name) || name === 'aside' || name === 'figcaption') {
    flush(collector);
    walkAll(el.children, collector, styledMarks(el, marks));
    return flush(collector);
  }
  let next = styledMarks(el, marks);
  if (name === 'strong' || name === 'b') next = style(el).match(/font-weight:(normal|[1-5]00)/) ? without(next, 'bold') : withMark(next, { type: 'bold' });
  if (name === 'em' || name === 'i') next = withMark(next, { type: 'italic' });
  if (name === 'a') {
    const href = (el.attribs.href ?? '').trim();
    next = safeHref(href) ? withMark(without(next, 'link'), { type: 'link', attrs: { href } }) : without(next, 'link');
  }
  walkAll(el.children, collector, next);
}

/** A Story document from HTML; an empty one becomes a single empty paragraph. */
export function documentFromHtml(html: string): StoryDocument {
  const root = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true });
  const blocks = container(root.children, []);
  return { type: 'doc', content: blocks.length ? blocks : [{ type: 'paragraph' }] };
}

/** The words of some HTML, one space between blocks and lines: what a reader sees, for comparing. */
export function htmlText(html: string): string {
  const root = parseDocument(html.replace(/<br\s*\/?>/gi, ' ').replace(/<\/(p|h[1-6]|li|blockquote|figcaption|aside|div)>/gi, ' $&'), { decodeEntities: true });
  const text = (nodes: ChildNode[]): string =>
    nodes.map((node) => (node.type === 'text' ? node.data : node.type === 'tag' && !DROPPED.has(node.name) ? text(node.children) : '')).join('');
  return text(root.children)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}
