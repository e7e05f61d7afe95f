import type { APIRoute } from 'astro';
import { readPhotoFile } from '../../../server/uploads/photos';

/** A stored copy of an uploaded photo. Its address names its content, so it never changes. */
export const GET: APIRoute = async ({ params }) => {
  const found = await readPhotoFile(params.key ?? '', params.file ?? '');
  if (!found) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  return new Response(new Uint8Array(found.data), {
    headers: {
      'Content-Type': found.type,
      'Content-Length': String(found.data.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
