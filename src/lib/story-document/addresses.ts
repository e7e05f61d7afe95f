/** The addresses a Story may link to or show a picture from (shared by the editor and the server, without zod). */

/** Links go to the web, to an email address or to a page of this site. */
export function safeHref(href: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i.test(href.trim());
}
/** Pictures come from this site (uploads, bundled images) or an https address. */
export function safeImageSource(src: string): boolean {
  return /^(\/(?!\/)[^\s"'<>]+|https:\/\/[^\s"'<>]+)$/i.test(src.trim());
}
