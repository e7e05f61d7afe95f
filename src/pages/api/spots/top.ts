import type { APIRoute } from 'astro';
import { z } from 'zod';
import { TOP_SPOTS_LIMIT, TOP_SPOTS_MAX_LIMIT } from '../../../lib/constants';
import { handle, json, parseQuery , methodNotAllowed } from '../../../server/http';
import { topSpots } from '../../../server/spots';

const Query = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(TOP_SPOTS_MAX_LIMIT))
    .default(TOP_SPOTS_LIMIT),
});

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const { limit } = parseQuery(url, Query);
    return json(await topSpots(limit));
  });
export const ALL = methodNotAllowed(['GET']);
