// The shared response cache at the edge of the server (see src/server/http/response-cache.mjs):
// a current copy is answered before anything else runs, with every header the rendered answer
// had; a missing one goes on to be rendered with its key, or waits for the request already
// rendering it.
import { CACHE_KEY_HEADER, keyTicket, shareableKey } from '../src/server/http/cache-keys.mjs';
import { compressFast, matchesIfNoneMatch, preferredEncoding } from '../src/server/http/content-coding.mjs';
import { addBody, freshEntry, notePrepared, responseCache } from '../src/server/http/response-cache.mjs';
import { BASE_HEADERS, HSTS, isHttps, withFraming } from './security-headers.mjs';

const KEY = Symbol('shared cache key');
const WAITED = Symbol('waited for the generations');
/** How long a request waits for another one rendering the same public response before rendering it too. */
const COALESCE_WAIT_MS = 2_000;

/**
 * The full header list of an answer from an entry, made once per entry, encoding and scheme: the
 * rendered response's headers, the security headers serve.mjs adds to everything, the length.
 * Each list is counted in the cache's size; the lists share one framed policy string.
 */
function preparedHeaders(key, entry, variant, https) {
  entry.prepared ??= new Map();
  const name = `${variant}:${https}`;
  let headers = entry.prepared.get(name);
  if (headers) return headers;
  const { 'content-type': type, 'content-security-policy': policy, ...rest } = entry.headers;
  const framed = entry.prepared.values().next().value?.['Content-Security-Policy'] ?? withFraming(policy);
  headers = { ...BASE_HEADERS, ...(https ? { 'Strict-Transport-Security': HSTS } : {}), ...rest, 'Content-Security-Policy': framed, 'X-Cache': 'HIT' };
  if (variant !== 'not-modified') {
    headers['content-type'] = type;
    headers['Content-Length'] = String((entry.bodies[variant] ?? entry.bodies.identity).length);
    if (variant !== 'identity') headers['Content-Encoding'] = variant;
  }
  entry.prepared.set(name, headers);
  notePrepared(key, entry);
  return headers;
}

function answer(req, res, key, https) {
  const entry = freshEntry(key);
  if (!entry) return false;
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, preparedHeaders(key, entry, 'not-modified', https));
    res.end();
    return true;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  // The first request for an encoding makes that form of the copy, once.
  if (encoding && !entry.bodies[encoding]) addBody(key, entry, encoding, compressFast(entry.bodies.identity, encoding));
  const variant = encoding ?? 'identity';
  res.writeHead(200, preparedHeaders(key, entry, variant, https));
  res.end(req.method === 'HEAD' ? undefined : entry.bodies[variant]);
  return true;
}

/** How long a request with a kept copy waits for this process to learn the generations before rendering. */
const KNOWN_WAIT_MS = 1_000;

/**
 * Answers a GET or HEAD from a current copy, first thing; true when it did. While the generations
 * are unknown for a moment (this process just wrote to a remote database, or its last read of them
 * is late) a kept copy is not answered at once: the answer is then a promise of whether it was,
 * once they are known (at most KNOWN_WAIT_MS), so a copy the write did not touch is still served.
 * @returns {boolean | Promise<boolean>}
 */
export function answeredFromCache(req, res) {
  delete req.headers[CACHE_KEY_HEADER];
  const cache = responseCache();
  if (!cache.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const https = isHttps(req);
  const key = shareableKey(req, https);
  if (!key) return false;
  req[KEY] = key;
  if (answer(req, res, key, https)) return true;
  if (!cache.entries.has(key) || cache.stamp()) return false;
  let timer;
  const waited = new Promise((done) => (timer = setTimeout(done, KNOWN_WAIT_MS)));
  return Promise.race([cache.whenKnown(), waited])
    .then(
      () => answer(req, res, key, https),
      () => false,
    )
    .finally(() => clearTimeout(timer));
}

/**
 * A shareable request the cache had no copy for goes on with its key (see keyTicket) so the
 * middleware can keep the answer. When a copy of the same key was just made stale and another
 * request is already rendering it, this one waits for that answer instead of rendering it again.
 */
export function renderThroughCache(req, res, next) {
  const key = req[KEY];
  if (!key) return next();
  const cache = responseCache();
  // A copy kept while the generations are unknown (this process just wrote to a remote database):
  // once they are read again it is answered if the write did not touch what it was made from.
  if (cache.entries.has(key) && cache.stamp() === null && !req[WAITED]) {
    req[WAITED] = true;
    void cache.whenKnown().then(() => {
      if (res.destroyed || answer(req, res, key, isHttps(req))) return;
      renderThroughCache(req, res, next);
    });
    return;
  }
  const rendering = cache.inflight.get(key);
  if (rendering) {
    const waited = Promise.race([rendering, new Promise((ok) => setTimeout(ok, COALESCE_WAIT_MS).unref())]);
    void waited.then(() => {
      if (res.destroyed || answer(req, res, key, isHttps(req))) return;
      req.headers[CACHE_KEY_HEADER] = keyTicket(key);
      next();
    });
    return;
  }
  if (cache.known.has(key)) {
    let done;
    cache.inflight.set(key, new Promise((ok) => (done = ok)));
    res.once('close', () => {
      cache.inflight.delete(key);
      done();
    });
  }
  req.headers[CACHE_KEY_HEADER] = keyTicket(key);
  next();
}
