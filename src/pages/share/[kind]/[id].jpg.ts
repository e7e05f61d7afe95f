import type { APIRoute } from 'astro';
import { z } from 'zod';
import { SHARE_CARD_KINDS, SHARE_CARD_TYPE } from '../../../lib/share-card';
import { slugSchema } from '../../../lib/validation';
import { handle, HttpError, methodNotAllowed, parseParams } from '../../../server/http/responses';
import { revalidated } from '../../../server/http/revalidation';
import { shareCardContent, shareCardImage } from '../../../server/share-cards/cards';

const Params = z.object({ kind: z.enum(SHARE_CARD_KINDS), id: slugSchema });

/**
 * GET /share/{spot|story|page}/{slug}.jpg: the page's share card (1200×630 JPEG) for link
 * previews. The address the page names carries the card's version, so a day of caching never
 * shows an old picture for a changed spot.
 */
export const GET: APIRoute = ({ params, request }) =>
  handle(async () => {
    const { kind, id } = parseParams(params, Params);
    const content = await shareCardContent(kind, id);
    if (!content) throw new HttpError(404, 'No share card for this address.');
    const { bytes } = await shareCardImage(content);
    return revalidated(request, new Response(new Uint8Array(bytes), { headers: { 'Content-Type': SHARE_CARD_TYPE } }), 'public, max-age=86400');
  });
export const ALL = methodNotAllowed(['GET']);
