import type { APIRoute } from 'astro';
import { SpotListQuery, filtersFromQuery, spotQueryInput } from '../../../lib/spot-filters';
import { handle, json, parseInput } from '../../../server/http';
import { listSpots } from '../../../server/spots';

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const query = parseInput(SpotListQuery, spotQueryInput(url.searchParams), 'query');
    return json(await listSpots(filtersFromQuery(query)));
  });
