/**
 * Readies clipboard HTML for the editor's schema. Google Docs and Word write bold, italic and list
 * markers as inline styles, and the studio's Content Security Policy (rightly) stops the browser
 * from applying inline styles, so the editor's style-based rules never see them. Here the style
 * text is read as text and turned into the tags it means; everything else is left to the schema,
 * which keeps only what a Story may hold.
 */
const weightOf = (style: string) => /font-weight:\s*([\w]+)/i.exec(style)?.[1]?.toLowerCase();
const isBold = (weight: string | undefined) => weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
const isNormal = (weight: string | undefined) => weight === 'normal' || (weight !== undefined && Number(weight) > 0 && Number(weight) < 600);

function wrapChildren(element: Element, tag: string) {
  const wrapper = element.ownerDocument.createElement(tag);
  while (element.firstChild) wrapper.appendChild(element.firstChild);
  element.appendChild(wrapper);
}

function unwrap(element: Element) {
  element.replaceWith(...Array.from(element.childNodes));
}

/** Word writes list items as paragraphs with a marker to ignore; consecutive ones become one list. */
function wordLists(document: Document) {
  const items = Array.from(document.querySelectorAll('p[class^="MsoListParagraph"]'));
  let list: Element | null = null;
  for (const paragraph of items) {
    const marker = paragraph.querySelector('[data-paste-style*="mso-list:Ignore" i], [data-paste-style*="mso-list: Ignore" i]');
    const ordered = /^\s*(\d+|[a-z])[.)]/i.test(marker?.textContent ?? '');
    marker?.remove();
    const previous = paragraph.previousElementSibling;
    if (!list || previous !== list) {
      list = document.createElement(ordered ? 'ol' : 'ul');
      paragraph.before(list);
    }
    const item = document.createElement('li');
    while (paragraph.firstChild) item.appendChild(paragraph.firstChild);
    list.appendChild(item);
    paragraph.remove();
  }
}

/**
 * Handlers and style sheets are dropped and style attributes renamed before the HTML is parsed, so the browser
 * never tries to apply them (the CSP would refuse, loudly) and the meaning can still be read.
 */
function inertStyles(html: string): string {
  let inert = html;
  // Handlers go before anything parses the HTML: the CSP would block them, but with an error each.
  for (let previous = ''; previous !== inert;) {
    previous = inert;
    inert = inert.replace(/(<[a-z][^>]*?\s)on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '$1');
  }
  return inert
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '')
    .replace(/(<[a-z][^>]*?\s)style\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, (_, start: string, value: string) => `${start}data-paste-style=${value}`);
}

export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(inertStyles(html), 'text/html');
  document
    .querySelectorAll('script, style, meta, link, template, iframe, object, embed, noscript, svg, math, form, button, input, select, textarea')
    .forEach((element) => element.remove());
  wordLists(document);
  for (const element of Array.from(document.body.querySelectorAll('[data-paste-style]'))) {
    const style = element.getAttribute('data-paste-style') ?? '';
    if (/mso-list:\s*ignore|display:\s*none/i.test(style)) {
      element.remove();
      continue;
    }
    const weight = weightOf(style);
    const tag = element.tagName.toLowerCase();
    if ((tag === 'b' || tag === 'strong') && isNormal(weight)) {
      unwrap(element);
      continue;
    }
    if (isBold(weight) && tag !== 'b' && tag !== 'strong' && !/^h[1-6]$/.test(tag)) wrapChildren(element, 'strong');
    if (/font-style:\s*italic/i.test(style) && tag !== 'i' && tag !== 'em') wrapChildren(element, 'em');
    element.removeAttribute('data-paste-style');
  }
  // Headings the editor has no level for become its nearest one (Word's title is an <h1>).
  for (const heading of Array.from(document.body.querySelectorAll('h1, h4, h5, h6'))) {
    const renamed = document.createElement(heading.tagName === 'H1' ? 'h2' : 'h3');
    while (heading.firstChild) renamed.appendChild(heading.firstChild);
    heading.replaceWith(renamed);
  }
  // Docs puts a <br> between blocks; between blocks it is spacing, not a line of the Story.
  for (const br of Array.from(document.body.querySelectorAll('br'))) {
    const parent = br.parentElement;
    const between = !parent || parent === document.body || BLOCKS.test(br.previousElementSibling?.tagName ?? '') || BLOCKS.test(br.nextElementSibling?.tagName ?? '');
    if (between && !parent?.closest('p, li, h2, h3, blockquote, td, th')) br.remove();
  }
  return document.body.innerHTML;
}

const BLOCKS = /^(P|UL|OL|H[1-6]|DIV|TABLE|BLOCKQUOTE|FIGURE|HR)$/;
