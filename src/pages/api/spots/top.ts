import type { APIRoute } from 'astro';
import { z } from 'zod';
import { TOP_SPOTS_LIMIT, TOP_SPOTS_MAX_LIMIT } from '../../../lib/constants';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { spotReadHeaders } from '../../../server/spots/paywall';
import { topSpotsFor } from '../../../server/spots/reads';

const Query = z.object({
  limit: z.string().regex(/^\d+$/, 'limit must be a whole number').transform(Number).pipe(z.number().int().min(1).max(TOP_SPOTS_MAX_LIMIT)).default(TOP_SPOTS_LIMIT),
});

export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const { limit } = parseQuery(url, Query);
    const { spots, entitled } = await topSpotsFor({ cookies, locals }, limit);
    return json(spots, { headers: spotReadHeaders(entitled) });
  });
export const ALL = methodNotAllowed(['GET']);
