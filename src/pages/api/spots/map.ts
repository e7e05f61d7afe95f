import type { APIRoute } from 'astro';
import { SpotListQuery, filtersFromQuery, spotQueryInput } from '../../../lib/spot-query';
import { handle, json, methodNotAllowed, parseInput } from '../../../server/http/responses';
import { spotMarkers } from '../../../server/spots/spots';

/**
 * GET /api/spots/map: a marker for every spot the listing's filters match (all of them, not one
 * page), with public fields only. Cached briefly: "open now" changes with the clock.
 */
export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const query = parseInput(SpotListQuery, spotQueryInput(url.searchParams), 'query');
    const filters = filtersFromQuery(query);
    return json({ markers: await spotMarkers(filters) }, { headers: { 'Cache-Control': filters.openNow ? 'public, max-age=60' : 'public, max-age=300' } });
  });
export const ALL = methodNotAllowed(['GET']);
