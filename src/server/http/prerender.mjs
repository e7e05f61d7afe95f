// @ts-check
// Pages rendered into the shared response cache as soon as the server listens, so the first
// visitor of each is answered from memory like every visitor after: the static pages (/about,
// /launch), the home page and listings, and every published Story. A Story published later is
// rendered on its first request and kept the same way. Why not at build time:
// docs/decisions/016-shared-response-cache.md.
import http from 'node:http';
import { responseCache } from './response-cache.mjs';

/**
 * Marks this server's own pre-rendering requests, vouched for by the process's secret: their
 * X-Forwarded-Proto is believed (the copies are made for the scheme visitors use) though they do
 * not come through a trusted proxy.
 */
export const PRERENDER_HEADER = 'x-prerender-ticket';

/** Pages kept ready from the start; each published Story (from /api/blog) is added. */
export const PRERENDERED_PAGES = ['/about', '/launch', '/', '/blog', '/events', '/top-spots', '/spots'];

/**
 * The Host and scheme visitors use, so the kept copies are the ones they ask for: SITE_URL's
 * when set, else the address the server listens on ("localhost" for every interface).
 * @param {string | undefined} siteUrl
 * @param {string} listenHost
 * @param {number} port
 */
export function visitorOrigin(siteUrl, listenHost, port) {
  if (siteUrl) {
    try {
      const url = new URL(siteUrl);
      return { host: url.host, https: url.protocol === 'https:' };
    } catch {
      // Not a URL: the app's config check reports it; fall back to the listening address.
    }
  }
  const name = !listenHost || listenHost === '0.0.0.0' || listenHost === '::' ? 'localhost' : listenHost;
  return { host: `${name.includes(':') ? `[${name}]` : name}:${port}`, https: false };
}

/**
 * GETs a path from this server over loopback, as a visitor of `origin` would ask for it.
 * @param {number} port
 * @param {string} path
 * @param {{ host: string, https: boolean }} origin
 * @returns {Promise<{ status: number, body: string }>}
 */
function get(port, path, origin) {
  return new Promise((resolve, reject) => {
    const headers = {
      host: origin.host,
      'accept-encoding': 'br',
      [PRERENDER_HEADER]: responseCache().secret,
      ...(origin.https ? { 'x-forwarded-proto': 'https' } : {}),
    };
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', reject);
  });
}

/**
 * Renders the pages into the cache one after another; returns how many were kept and how long it
 * took. Failures are reported, never thrown: a page that could not be made now is made on its
 * first request.
 * @param {number} port
 * @param {{ host: string, https: boolean }} origin
 */
export async function prerender(port, origin) {
  const started = Date.now();
  const paths = [...PRERENDERED_PAGES];
  try {
    // The story list as JSON: brotli is not asked for here.
    const list = await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/blog', headers: { host: origin.host } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('error', reject);
          // Parsed here, inside the promise: a body that is not JSON rejects it (reported below) instead of throwing in a listener.
          response.on('end', () => {
            try {
              resolve(response.statusCode === 200 ? JSON.parse(text) : []);
            } catch (error) {
              reject(new Error(`/api/blog answered 200 with a body that is not JSON (${/** @type {Error} */ (error).message})`));
            }
          });
        })
        .on('error', reject);
    });
    for (const story of Array.isArray(list) ? list : []) if (typeof story?.slug === 'string') paths.push(`/blog/${encodeURIComponent(story.slug)}`);
  } catch (error) {
    console.error(`[prerender] could not list the stories: ${/** @type {Error} */ (error).message}`);
  }
  let kept = 0;
  for (const path of paths) {
    try {
      const { status } = await get(port, path, origin);
      if (status === 200) kept++;
      else console.error(`[prerender] ${path} answered ${status}`);
    } catch (error) {
      console.error(`[prerender] ${path}: ${/** @type {Error} */ (error).message}`);
    }
  }
  return { kept, total: paths.length, ms: Date.now() - started };
}
