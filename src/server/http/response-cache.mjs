// @ts-check
// The shared cache of finished public responses. scripts/serve.mjs answers from it before Astro
// sees the request; the middleware (src/server/http/shared-responses.ts) fills it. Both sides reach
// the same state through one global, since the server bundle has its own copy of this module.
// Why and how it stays correct: docs/decisions/016-shared-response-cache.md.

import { randomBytes } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * @typedef {{ identity: Buffer, gzip?: Buffer, br?: Buffer }} Bodies
 * @typedef {{ headers: Record<string, string>, etag: string, bodies: Bodies, stamp: string, expires: number, size: number, prepared?: Map<string, Record<string, string>> }} CachedResponse
 * @typedef {{
 *   enabled: boolean,
 *   secret: string,
 *   maxBytes: number,
 *   bytes: number,
 *   entries: Map<string, CachedResponse>,
 *   inflight: Map<string, Promise<void>>,
 *   known: Set<string>,
 *   stamp: () => string | null,
 * }} ResponseCache
 */

const STATE = Symbol.for('scottsdale.response-cache');
/** The header that carries a shareable request's key from the edge to the middleware. */
export const CACHE_KEY_HEADER = 'x-shared-cache-key';
const DEFAULT_MEGABYTES = 64;
/** A response larger than this is not kept (our pages and reads are a few to a few dozen KB). */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** Cookies that never change a public response: the anonymous visitor id (only writes and views use it). */
const SHAREABLE_COOKIES = new Set(['sid']);

function megabytes(/** @type {string | undefined} */ raw) {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 ? value : DEFAULT_MEGABYTES;
}

/** The process's one cache (RESPONSE_CACHE=off turns it off; RESPONSE_CACHE_MB caps it, default 64). */
export function responseCache() {
  const global = /** @type {Record<symbol, ResponseCache | undefined>} */ (/** @type {unknown} */ (globalThis));
  const existing = global[STATE];
  if (existing) return existing;
  const maxBytes = Math.round(megabytes(process.env.RESPONSE_CACHE_MB) * 1024 * 1024);
  /** @type {ResponseCache} */
  const cache = {
    enabled: (process.env.RESPONSE_CACHE ?? 'on').trim().toLowerCase() !== 'off' && maxBytes > 0,
    secret: randomBytes(16).toString('hex'),
    maxBytes,
    bytes: 0,
    entries: new Map(),
    inflight: new Map(),
    // Keys that have been kept before: a request for one waits for another rendering it.
    known: new Set(),
    // Until the app says how to read the data generation, nothing is answered from the cache.
    stamp: () => null,
  };
  global[STATE] = cache;
  return cache;
}

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
 * handshake, or a forwarded host the key would not capture. The key names scheme, host, path and query exactly as
 * sent, so one host's spelling can never fill another's entry.
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
  if (url.includes('__clerk')) return null;
  return `${https ? 'https' : 'http'}://${String(headers.host ?? '')}${url}`;
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

/** The entry for a key while its data is unchanged and its minute has not passed; stale ones are dropped. */
export function freshEntry(/** @type {string} */ key, now = Date.now()) {
  const cache = responseCache();
  const entry = cache.entries.get(key);
  if (!entry) return undefined;
  if (entry.stamp === cache.stamp() && now < entry.expires) {
    // Most recently used last: the oldest entries go first when the cache is full.
    cache.entries.delete(key);
    cache.entries.set(key, entry);
    return entry;
  }
  forget(key);
  return undefined;
}

function forget(/** @type {string} */ key) {
  const cache = responseCache();
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.entries.delete(key);
  cache.bytes -= entry.size;
}

/**
 * Keeps a response. Every entry ends at the next minute: what a page shows can depend on the
 * clock (open now, this week's events, the founding window) at minute precision.
 * @param {string} key
 * @param {Omit<CachedResponse, 'size' | 'expires'>} entry
 */
export function keep(key, entry, now = Date.now()) {
  const cache = responseCache();
  forget(key);
  const size = entry.bodies.identity.length + (entry.bodies.gzip?.length ?? 0) + (entry.bodies.br?.length ?? 0) + key.length;
  if (size > cache.maxBytes) return;
  /** @type {CachedResponse} */
  const stored = { ...entry, size, expires: (Math.floor(now / 60_000) + 1) * 60_000 };
  cache.entries.set(key, stored);
  refineLater(key, stored);
  cache.bytes += size;
  if (cache.known.size >= 10_000) cache.known.clear();
  cache.known.add(key);
  for (const [oldest] of cache.entries) {
    if (cache.bytes <= cache.maxBytes) break;
    forget(oldest);
  }
}

/**
 * The encoding to send for an Accept-Encoding header, brotli first, honouring q-values: `br;q=0`
 * refuses brotli, and `*` stands for any coding the header does not name. Null: send it as it is.
 * @param {string | string[] | null | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function preferredEncoding(acceptEncoding) {
  const weights = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (/** @type {string} */ coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = /** @type {const} */ (['br', 'gzip']).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/**
 * A body in an encoding, made at once at a fast level (a few hundred microseconds for a page), so
 * an answer that goes stale often costs little to keep.
 * @param {Buffer} body
 * @param {'gzip' | 'br'} encoding
 */
export function compressFast(body, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** How long a kept answer must stay current before its compressed forms are made again at the best level. */
const REFINE_AFTER_MS = 1_000;

/**
 * Remakes a lasting entry's compressed forms at the best levels (brotli 11, gzip 9) off the main
 * thread: the smallest bytes for answers that stay, no cost for those a write soon replaces.
 * @param {string} key
 * @param {CachedResponse} entry
 */
function refineLater(key, entry) {
  const timer = setTimeout(() => {
    const cache = responseCache();
    if (cache.entries.get(key) !== entry || entry.stamp !== cache.stamp()) return;
    const body = entry.bodies.identity;
    gzip(body, { level: 9 }, (error, gz) => !error && addBody(key, entry, 'gzip', gz));
    brotliCompress(
      body,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
      (error, br) => !error && addBody(key, entry, 'br', br),
    );
  }, REFINE_AFTER_MS);
  timer.unref();
}

/**
 * Sets a compressed body of an entry, if it is still the one kept for the key (a later write may
 * have replaced it); the prepared headers are made again for the new length.
 * @param {string} key
 * @param {CachedResponse} entry
 * @param {'gzip' | 'br'} encoding
 * @param {Buffer} body
 */
export function addBody(key, entry, encoding, body) {
  const cache = responseCache();
  if (cache.entries.get(key) !== entry) return;
  const before = entry.bodies[encoding]?.length ?? 0;
  entry.bodies[encoding] = body;
  entry.size += body.length - before;
  cache.bytes += body.length - before;
  entry.prepared = undefined;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` is ignored on both sides; `*` matches any. */
export function matchesIfNoneMatch(/** @type {string | null | undefined} */ header, /** @type {string} */ etag) {
  if (!header) return false;
  const opaque = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
