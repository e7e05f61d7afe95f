import type { APIRoute } from 'astro';
import { HttpError } from '../../../../server/http/responses';
import { mapTile, tileBudgetWait } from '../../../../server/map/tiles';

const whole = (value: string | undefined) => (value && /^\d{1,7}$/.test(value) ? Number(value) : -1);
const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** A transparent 256 px PNG: where it stands in for a tile, the map shows its own blank background. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAMAAABrrFhUAAAAA1BMVEVMaXFNx9g6AAAAAXRSTlMAQObYZgAAAAlwSFlzAAAD6AAAA+gBtXtSawAAAFRJREFUeNrtwQEBAAAAgJD+r+4ICgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABgBDwABHHIJwwAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Over the upstream budget: a blank tile, so the map keeps its background and shows no error. The
 * 503 and no-store keep it out of every cache (the service worker keeps only 200 tiles), so the
 * real tile is asked for again later.
 */
const blankTile = (retryAfter: number) =>
  new Response(new Uint8Array(BLANK_TILE), {
    status: 503,
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfter), 'X-Content-Type-Options': 'nosniff' },
  });

/** GET /tiles/{z}/{x}/{y}.png: a map tile of the guide's area, fetched once and kept. */
export const GET: APIRoute = async ({ params }) => {
  try {
    const tile = await mapTile(whole(params.z), whole(params.x), whole(params.y));
    if (!tile) return plain(404, 'No such map tile.');
    if (tile === 'over-budget') return blankTile(tileBudgetWait());
    return new Response(new Uint8Array(tile.body), {
      headers: { 'Content-Type': tile.type, 'Cache-Control': 'public, max-age=604800', 'X-Content-Type-Options': 'nosniff' },
    });
  } catch (error) {
    if (error instanceof HttpError) return plain(error.status, error.message);
    throw error;
  }
};
