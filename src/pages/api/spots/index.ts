import type { APIRoute } from 'astro';
import { SpotListQuery, filtersFromQuery, spotQueryInput } from '../../../lib/spot-filters';
import { handle, json, parseInput } from '../../../server/http';
import { lockedSpot, mayViewSpots } from '../../../server/paywall';
import { listSpots } from '../../../server/spots';

export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const query = parseInput(SpotListQuery, spotQueryInput(url.searchParams), 'query');
    const [page, mayView] = await Promise.all([listSpots(filtersFromQuery(query)), mayViewSpots(cookies, locals.sessionId)]);
    return json(mayView ? page : { ...page, spots: page.spots.map(lockedSpot) }, { headers: { 'Cache-Control': 'private, no-store' } });
  });
