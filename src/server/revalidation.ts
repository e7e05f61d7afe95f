import { createHash } from 'node:crypto';

/**
 * Public GET reads carry an ETag and `no-cache`: browsers and the service worker keep a copy and
 * revalidate it, and an unchanged read costs a 304 without a body. Responses that already say how
 * to cache themselves (private, no-store) are left alone.
 */
export async function withRevalidation(request: Request, response: Response): Promise<Response> {
  if (request.method !== 'GET' || response.status !== 200 || response.headers.has('cache-control')) return response;
  const body = await response.arrayBuffer();
  const etag = `W/"${createHash('sha1').update(new Uint8Array(body)).digest('base64url')}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', 'no-cache');
  const matches = request.headers
    .get('if-none-match')
    ?.split(',')
    .some((tag) => tag.trim() === etag);
  if (matches) {
    headers.delete('content-length');
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}
