// @ts-check
// The shared cache of finished public responses. scripts/serve.mjs answers from it before Astro
// sees the request; the middleware (src/server/http/shared-responses.ts) fills it. Both sides reach
// the same state through one global, since the server bundle has its own copy of this module.
// Why and how it stays correct: docs/decisions/016-shared-response-cache.md. Which requests may
// share an answer (their keys) is in cache-keys.mjs; content codings in content-coding.mjs; the
// compressed forms remade at the best levels in best-compression.mjs.

import { randomBytes } from 'node:crypto';
import { refineLater } from './best-compression.mjs';
import { siteHostOf } from './request-host.mjs';

/**
 * @typedef {{ identity: Buffer, gzip?: Buffer, br?: Buffer }} Bodies
 * The generations of every group of public data and the local epoch at one moment (src/server/db/generation.ts).
 * @typedef {{ generations: Record<string, number>, epoch: number }} Stamp
 * What a kept answer was made from: the generation of each group its statements read, as they
 * were before it was rendered, the epoch then, and when that was (ms).
 * @typedef {{ reads: Array<[string, number]>, epoch: number, at: number }} Made
 * @typedef {{
 *   headers: Record<string, string>,
 *   etag: string,
 *   bodies: Bodies,
 *   made: Made,
 *   expires: number,
 *   size: number,
 *   prepared?: Map<string, Record<string, string>>,
 *   preparedBytes?: number,
 * }} CachedResponse
 * @typedef {{
 *   enabled: boolean,
 *   secret: string,
 *   siteHost: string | null,
 *   maxBytes: number,
 *   bytes: number,
 *   entries: Map<string, CachedResponse>,
 *   variants: Map<string, Set<string>>,
 *   inflight: Map<string, Promise<void>>,
 *   known: Set<string>,
 *   knownBytes: number,
 *   countersMs: number,
 *   stamp: () => Stamp | null,
 *   whenKnown: () => Promise<void>,
 * }} ResponseCache
 */

const STATE = Symbol.for('scottsdale.response-cache');
/**
 * One instance is to stay within 256 MB resident under load, this cache included: idle it holds
 * about 150 MB, the mixed load adds about 50 MB of working room, and 32 MB keeps a few hundred
 * spot pages (all the seeded guide's public pages and reads take about 5 MB).
 */
const DEFAULT_MEGABYTES = 32;
/** A response larger than this is not kept (our pages and reads are a few to a few dozen KB). */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/**
 * How many query-string variants of one path are kept at most (the least recently used goes
 * first): a flood of made-up query strings replaces that path's own variants, never the pages
 * and reads everyone else asks for.
 */
export const MAX_QUERY_VARIANTS = 128;
/**
 * What an entry costs beyond its bytes and strings, measured on V8: the entry and Map slots, a
 * Buffer object per body and its backing store's header, the per-path variant set, the prepared
 * header lists the edge makes from it (see cache-edge.mjs).
 */
export const ENTRY_OVERHEAD_BYTES = 2048;
/** What one prepared header list costs beyond the strings it shares with the entry. */
export const PREPARED_HEADERS_BYTES = 512;

function megabytes(/** @type {string | undefined} */ raw) {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 ? value : DEFAULT_MEGABYTES;
}

/**
 * The engagement counters' group (loves, visits, views): a kept answer that read only those of the
 * changed groups stays current this long after it was made, so a stream of loves and views does
 * not make every page that shows a count render again. RESPONSE_CACHE_COUNTER_SECONDS sets it
 * (default 5 s; 0 makes counters as strict as everything else).
 */
export const COUNTERS_GROUP = 'counters';
const DEFAULT_COUNTER_SECONDS = 5;

function counterMilliseconds(/** @type {string | undefined} */ raw) {
  const value = Number(raw);
  return Math.round((raw && Number.isFinite(value) && value >= 0 ? value : DEFAULT_COUNTER_SECONDS) * 1000);
}

/** The process's one cache (RESPONSE_CACHE=off turns it off; RESPONSE_CACHE_MB caps it, default 32). */
export function responseCache() {
  const global = /** @type {Record<symbol, ResponseCache | undefined>} */ (/** @type {unknown} */ (globalThis));
  const existing = global[STATE];
  if (existing) return existing;
  const maxBytes = Math.round(megabytes(process.env.RESPONSE_CACHE_MB) * 1024 * 1024);
  /** @type {ResponseCache} */
  const cache = {
    enabled: (process.env.RESPONSE_CACHE ?? 'on').trim().toLowerCase() !== 'off' && maxBytes > 0,
    secret: randomBytes(16).toString('hex'),
    // With SITE_URL set, only requests for its host are shared; any other Host is rendered each time.
    siteHost: siteHostOf(process.env.SITE_URL),
    maxBytes,
    bytes: 0,
    entries: new Map(),
    // Path (scheme, host and path: the key up to its query) → keys of its query variants, least recently used first.
    variants: new Map(),
    inflight: new Map(),
    // Keys that have been kept before: a request for one waits for another rendering it.
    known: new Set(),
    knownBytes: 0,
    countersMs: counterMilliseconds(process.env.RESPONSE_CACHE_COUNTER_SECONDS),
    // Until the app says how to read the data generation, nothing is answered from the cache.
    stamp: () => null,
    // Settles once the stamp can be known again (a remote database read after this process wrote).
    whenKnown: () => Promise.resolve(),
  };
  global[STATE] = cache;
  return cache;
}

/**
 * Whether what an answer was made from is unchanged: the epoch, and the generation of every group
 * it read, except the counters, which may have moved for `countersMs` after it was made.
 * @param {Made} made
 * @param {Stamp | null} stamp
 */
export function stillCurrent(made, stamp, now = Date.now()) {
  if (!stamp || stamp.epoch !== made.epoch) return false;
  for (const [group, generation] of made.reads) {
    if (stamp.generations[group] === generation) continue;
    if (group === COUNTERS_GROUP && now - made.at < responseCache().countersMs) continue;
    return false;
  }
  return true;
}

/**
 * The entry for a key while its data is unchanged and its minute has not passed; stale ones are
 * dropped. While the generations are unknown (this process just wrote to a remote database) an
 * entry is kept but not answered: most entries did not read what was written.
 */
export function freshEntry(/** @type {string} */ key, now = Date.now()) {
  const cache = responseCache();
  const entry = cache.entries.get(key);
  if (!entry) return undefined;
  const stamp = cache.stamp();
  if (!stamp && now < entry.expires) return undefined;
  if (now < entry.expires && stillCurrent(entry.made, stamp, now)) {
    // Most recently used last: the oldest entries go first when the cache is full.
    cache.entries.delete(key);
    cache.entries.set(key, entry);
    const variants = cache.variants.get(pathOf(key));
    variants?.delete(key);
    variants?.add(key);
    return entry;
  }
  forget(key);
  return undefined;
}

/** A key up to its query: the path whose variants are counted together. */
function pathOf(/** @type {string} */ key) {
  const query = key.indexOf('?');
  return query === -1 ? key : key.slice(0, query);
}

function forget(/** @type {string} */ key) {
  const cache = responseCache();
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.entries.delete(key);
  cache.bytes -= entry.size;
  const path = pathOf(key);
  const variants = cache.variants.get(path);
  variants?.delete(key);
  if (variants?.size === 0) cache.variants.delete(path);
}

/**
 * A buffer that holds its bytes alone. zlib's output is a slice of a 16 KB working buffer and a
 * small Buffer.from a slice of an 8 KB shared pool: kept as they are, a few hundred bytes of
 * answer would hold the whole block in memory for as long as the entry lives.
 * @param {Buffer} buffer
 */
function ownBytes(buffer) {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

/** Bytes held by strings (one byte a character for Latin-1, two for the rest, as V8 stores them). */
function stringBytes(/** @type {string} */ text) {
  // eslint-disable-next-line no-control-regex -- any character past Latin-1 makes V8 store the string with two bytes each
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

/** What an entry holds in memory: its bodies, its key (in the entries and its path's variants), its headers and the overhead. */
function sizeOf(/** @type {string} */ key, /** @type {Omit<CachedResponse, 'size' | 'expires'>} */ entry) {
  let size = ENTRY_OVERHEAD_BYTES + 2 * stringBytes(key) + stringBytes(entry.etag) + 48 * entry.made.reads.length;
  for (const body of Object.values(entry.bodies)) size += body?.length ?? 0;
  for (const [name, value] of Object.entries(entry.headers)) size += stringBytes(name) + stringBytes(value);
  return size;
}

/** Remembers that a key has been kept, within a budget: the set is emptied when it grows past it. */
function remember(/** @type {string} */ key) {
  const cache = responseCache();
  if (cache.known.has(key)) return;
  if (cache.known.size >= 10_000 || cache.knownBytes > Math.max(64 * 1024, cache.maxBytes / 16)) {
    cache.known.clear();
    cache.knownBytes = 0;
  }
  cache.known.add(key);
  cache.knownBytes += stringBytes(key) + 64;
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
  /** @type {Bodies} */
  const bodies = { identity: ownBytes(entry.bodies.identity) };
  if (entry.bodies.gzip) bodies.gzip = ownBytes(entry.bodies.gzip);
  if (entry.bodies.br) bodies.br = ownBytes(entry.bodies.br);
  const size = sizeOf(key, { ...entry, bodies });
  if (size > cache.maxBytes) return;
  /** @type {CachedResponse} */
  const stored = { ...entry, bodies, size, expires: (Math.floor(now / 60_000) + 1) * 60_000 };
  const path = pathOf(key);
  let variants = cache.variants.get(path);
  if (!variants) cache.variants.set(path, (variants = new Set()));
  for (const oldest of variants) {
    if (variants.size < MAX_QUERY_VARIANTS) break;
    forget(oldest);
  }
  // forget() drops an emptied set: the path gets it back.
  cache.variants.set(path, variants);
  variants.add(key);
  cache.entries.set(key, stored);
  refineLater(stored, {
    current: () => responseCache().entries.get(key) === stored && stillCurrent(stored.made, responseCache().stamp()),
    add: (encoding, body) => addBody(key, stored, encoding, body),
  });
  cache.bytes += size;
  remember(key);
  trim();
}

/** Drops the least recently used entries until the cache is within its cap. */
function trim() {
  const cache = responseCache();
  for (const [oldest] of cache.entries) {
    if (cache.bytes <= cache.maxBytes) break;
    forget(oldest);
  }
}

/**
 * Counts a header list the edge prepared from an entry (its own object, sharing the entry's
 * strings), if the entry is still the one kept for the key.
 * @param {string} key
 * @param {CachedResponse} entry
 */
export function notePrepared(key, entry) {
  const cache = responseCache();
  if (cache.entries.get(key) !== entry) return;
  entry.preparedBytes = (entry.preparedBytes ?? 0) + PREPARED_HEADERS_BYTES;
  entry.size += PREPARED_HEADERS_BYTES;
  cache.bytes += PREPARED_HEADERS_BYTES;
  trim();
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
  const owned = ownBytes(body);
  // The prepared header lists name the old length: they are dropped, and made again when asked for.
  const change = owned.length - (entry.bodies[encoding]?.length ?? 0) - (entry.preparedBytes ?? 0);
  entry.bodies[encoding] = owned;
  entry.size += change;
  cache.bytes += change;
  entry.prepared = undefined;
  entry.preparedBytes = 0;
  trim();
}
