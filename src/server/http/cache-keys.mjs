// @ts-check
// Which requests may be answered from, and fill, the shared response cache (response-cache.mjs),
// and the key each one is kept under.

import { normalisedHost } from './request-host.mjs';
import { responseCache } from './response-cache.mjs';

/** The header that carries a shareable request's key from the edge to the middleware. */
export const CACHE_KEY_HEADER = 'x-shared-cache-key';
/** Cookies that never change a public response: the anonymous visitor id (only writes and views use it). */
const SHAREABLE_COOKIES = new Set(['sid']);
/**
 * A request whose path and query are longer than this is rendered every time: real addresses are
 * far shorter, and a key is held in memory as long as its entry.
 */
export const MAX_URL_LENGTH = 2048;
/**
 * The cookie names of a Cookie header. Any cookie other than the visitor id may make a response
 * someone's own (sign-in, subscriber, admin, Clerk's), so such a request is never shared.
 */
function onlyShareableCookies(/** @type {string | undefined} */ header) {
  if (!header) return true;
  for (const pair of header.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name && !SHAREABLE_COOKIES.has(name)) return false;
  }
  return true;
}

/**
 * The cache key of a request that may be answered from, and fill, the shared cache; null for one
 * that may not: anything but GET/HEAD, one with a body, credentials, a personal cookie, a Clerk
 * handshake, a forwarded host the key would not capture, a Host that is not a plain host[:port]
 * (or, with SITE_URL set, not the site's), or a path that is not an origin-form path. The key is
 * the scheme, the Host as parsed and written back (lower case, no default port), and the path
 * and query exactly as sent: no header text reaches it raw, so a Host carrying a path
 * (`127.0.0.1/api`) can never make one path's answer the copy of another.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
 * @param {boolean} https
 */
export function shareableKey(req, https) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const { headers } = req;
  if (headers.authorization || headers['x-forwarded-host']) return null;
  // A read with a body goes the long way, through the body caps.
  if (headers['transfer-encoding'] || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return null;
  const cookie = headers.cookie;
  if (!onlyShareableCookies(Array.isArray(cookie) ? cookie.join(';') : cookie)) return null;
  const url = req.url ?? '/';
  if (!url.startsWith('/') || url.length > MAX_URL_LENGTH || url.includes('__clerk')) return null;
  const host = normalisedHost(headers.host, https);
  if (!host) return null;
  const { siteHost } = responseCache();
  if (siteHost && host !== siteHost) return null;
  return `${https ? 'https' : 'http'}://${host}${url}`;
}

/** The header value the edge hands the middleware: the key, vouched for by this process's secret. */
export function keyTicket(/** @type {string} */ key) {
  return `${responseCache().secret} ${key}`;
}

/** The key a ticket stands for; null when the header was not set by this process's edge. */
export function keyFromTicket(/** @type {string | null} */ ticket) {
  const cache = responseCache();
  if (!ticket || !ticket.startsWith(`${cache.secret} `)) return null;
  return ticket.slice(cache.secret.length + 1);
}
