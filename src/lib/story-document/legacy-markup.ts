import sanitizeHtml from 'sanitize-html';

/**
 * Story bodies were stored as light markup before the editor; such a body (or an old revision) is
 * read through this allow-list once, on its way into a Story document: no scripts, no event
 * handlers, no javascript: links.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'img', 'hr'],
  allowedAttributes: {
    a: ['href', 'title', { name: 'target', values: ['_blank'] }, { name: 'rel', values: ['noopener', 'noreferrer'], multiple: true }],
    img: ['src', 'alt', 'width', 'height', { name: 'loading', values: ['lazy'] }, { name: 'decoding', values: ['async'] }],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** Removes everything outside the allow-list from stored story markup. */
export function sanitizeStory(content: string): string {
  return sanitizeHtml(content, POLICY);
}

/**
 * A story body as page markup: sanitised, blank lines start a new paragraph and single line
 * breaks are rendered as breaks.
 */
export function storyHtml(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const html = sanitizeStory(block).replace(/\n/g, '<br />');
      return /^<(h[2-4]|ul|ol|blockquote|hr)\b/i.test(html) ? html : `<p>${html}</p>`;
    })
    .join('\n');
}
