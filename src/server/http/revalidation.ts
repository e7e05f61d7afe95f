import { createHash } from 'node:crypto';
import { matchesIfNoneMatch } from './content-coding.mjs';
import { routePolicy } from './route-policy.mjs';

/**
 * Public GET reads carry an ETag and `no-cache`: browsers and the service worker keep a copy and
 * revalidate it, and an unchanged read costs a 304 without a body. Responses that already say how
 * to cache themselves (private, no-store) are left alone.
 */
export async function withRevalidation(request: Request, response: Response): Promise<Response> {
  if (request.method !== 'GET' || response.status !== 200 || response.headers.has('cache-control')) return response;
  return revalidated(request, response, 'no-cache');
}

/**
 * Server-rendered pages get the same treatment: an ETag of the HTML, and `no-cache` unless the
 * page chose its own shared caching (stories: a minute fresh, then revalidated). Left alone: pages
 * about one visitor, `private`/`no-store` pages, errors, and a response that sets a cookie, since
 * the cookie is that visitor's alone and the first visit has nothing to revalidate anyway.
 * The tag must be known before the first byte, so such a page is rendered whole, not streamed;
 * our pages are small and come from a few indexed queries.
 */
export async function withPageRevalidation(request: Request, response: Response, setsCookies: boolean, route: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return response;
  if (response.status !== 200 || setsCookies || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  // A page about one visitor (its route policy says so): a shared validator says nothing useful.
  if (routePolicy(route)?.cache !== 'public') return response;
  const cacheControl = response.headers.get('cache-control');
  if (cacheControl && /\b(no-store|private)\b/i.test(cacheControl)) return response;
  return revalidated(request, response, cacheControl ?? 'no-cache');
}

/**
 * The validator is weak: it hashes the body before scripts/serve.mjs compresses it, so it stands
 * for the content in every encoding, not for the bytes on the wire. Files that want one (the
 * feeds) call it themselves, since the middleware leaves files alone.
 */
export async function revalidated(request: Request, response: Response, cacheControl: string): Promise<Response> {
  const body = await response.arrayBuffer();
  const etag = `W/"${createHash('sha1').update(new Uint8Array(body)).digest('base64url')}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', cacheControl);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-length');
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/**
 * A response that sets a cookie (the visitor's first `sid`) belongs to that visitor alone: a CDN
 * or proxy must not keep it for others, whatever the route's own caching says. One rendered for a
 * signed-in user is also never reused without asking, so a sign-out or a switch of account shows
 * at once, even in this browser's own cache.
 */
export function privateWhenPersonal(response: Response, { setsCookies, signedIn }: { setsCookies: boolean; signedIn: boolean }): Response {
  if (!setsCookies && !signedIn) return response;
  const current = response.headers.get('cache-control');
  if (current && /\bno-store\b/i.test(current)) return response;
  const directives = signedIn
    ? ['no-cache']
    : (current ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter((d) => d && !/^(public|private|s-maxage=\d+)$/i.test(d));
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', ['private', ...directives].join(', '));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
