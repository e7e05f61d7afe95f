import type { APIRoute } from 'astro';
import { NewSpotInput } from '../../../lib/new-spot';
import { SpotListQuery, filtersFromQuery, spotQueryInput } from '../../../lib/spot-query';
import { requireAdmin } from '../../../server/admin/session';
import { readFormBody } from '../../../server/http/body';
import { handle, json, parseInput, methodNotAllowed } from '../../../server/http/responses';
import { spotReadHeaders } from '../../../server/spots/paywall';
import { spotsPageFor } from '../../../server/spots/reads';
import { addSpot } from '../../../server/spots/spots';

export const GET: APIRoute = ({ url, cookies, locals }) =>
  handle(async () => {
    const query = parseInput(SpotListQuery, spotQueryInput(url.searchParams), 'query');
    const { page, entitled } = await spotsPageFor({ cookies, locals }, filtersFromQuery(query));
    return json(page, { headers: spotReadHeaders(entitled) });
  });

/** Admin only: add a spot. */
export const POST: APIRoute = ({ request, locals }) =>
  handle(async () => {
    requireAdmin(locals);
    return json(await addSpot(await readFormBody(request, NewSpotInput)), 201);
  });
export const ALL = methodNotAllowed(['GET', 'POST']);
