import type { APIRoute } from 'astro';
import { NewSpotInput } from '../../../lib/new-spot';
import { SpotListQuery, filtersFromQuery, spotQueryInput } from '../../../lib/spot-query';
import { requireStaff } from '../../../server/admin/permissions';
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
    const staff = requireStaff(locals, 'spots:add');
    return json(await addSpot(await readFormBody(request, NewSpotInput), staff), 201);
  });
export const ALL = methodNotAllowed(['GET', 'POST']);
