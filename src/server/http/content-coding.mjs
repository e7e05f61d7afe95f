// @ts-check
// Content codings of our answers: which one a request prefers, made fast at once or at the best
// level later, and If-None-Match's weak comparison.

import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

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

/**
 * A body in an encoding at the best level (gzip 9, brotli 11), off the main thread: the smallest
 * bytes for answers that are kept and sent many times.
 * @param {Buffer} body
 * @param {'gzip' | 'br'} encoding
 * @returns {Promise<Buffer>}
 */
export function compressBest(body, encoding) {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` is ignored on both sides; `*` matches any. */
export function matchesIfNoneMatch(/** @type {string | null | undefined} */ header, /** @type {string} */ etag) {
  if (!header) return false;
  const opaque = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
