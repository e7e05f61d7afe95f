import type { APIRoute } from 'astro';
import { HttpError } from '../../../../server/http/responses';
import { mapTile } from '../../../../server/map/tiles';

const whole = (value: string | undefined) => (value && /^\d{1,7}$/.test(value) ? Number(value) : -1);
const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** GET /tiles/{z}/{x}/{y}.png: a map tile of the guide's area, fetched once and kept. */
export const GET: APIRoute = async ({ params }) => {
  try {
    const tile = await mapTile(whole(params.z), whole(params.x), whole(params.y));
    if (!tile) return plain(404, 'No such map tile.');
    return new Response(new Uint8Array(tile.body), {
      headers: { 'Content-Type': tile.type, 'Cache-Control': 'public, max-age=604800', 'X-Content-Type-Options': 'nosniff' },
    });
  } catch (error) {
    if (error instanceof HttpError) return plain(error.status, error.message);
    throw error;
  }
};
