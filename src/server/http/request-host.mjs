// @ts-check
// The Host header, read strictly. Astro builds the request's URL from it, and the shared response
// cache keys answers by it, so a value that is not a plain host[:port] — a path, a user, a query,
// spaces — is refused before anything else runs (scripts/serve.mjs answers it 400).

/** A name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 literal, and an optional port. */
const HOST_SYNTAX = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** The longest DNS name (253) plus a port. */
const MAX_HOST_LENGTH = 253 + 6;

/**
 * The host as a URL parser writes it back (lower case, IPv4 in dotted form, no default port for
 * the scheme); null for a value that is not a valid host[:port].
 * @param {unknown} value
 * @param {boolean} https
 */
export function normalisedHost(value, https) {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HOST_LENGTH || !HOST_SYNTAX.test(value)) return null;
  try {
    const url = new URL(`${https ? 'https' : 'http'}://${value}/`);
    return url.hostname && url.pathname === '/' ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * Whether a request's Host header may be served: one valid host[:port], or an empty or missing one
 * (an HTTP/1.0 client; HTTP/1.1 without one is refused by Node itself), which the shared cache
 * never keys. A second Host header is refused too: Node would keep only the first.
 * @param {{ headers: { host?: string }, rawHeaders: string[] }} req
 */
export function acceptableHost(req) {
  const host = req.headers.host;
  if (host === undefined || host === '') return true;
  let count = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) if (req.rawHeaders[index]?.toLowerCase() === 'host') count++;
  return count === 1 && normalisedHost(host, false) !== null;
}

/** The host SITE_URL names (normalised), or null when it is unset or not a URL. */
export function siteHostOf(/** @type {string | undefined} */ siteUrl) {
  if (!siteUrl) return null;
  try {
    const url = new URL(siteUrl);
    return normalisedHost(url.host, url.protocol === 'https:');
  } catch {
    return null;
  }
}
