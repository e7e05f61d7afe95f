import type { APIRoute } from 'astro';
import { TripIdParams, UpdateTripInput } from '../../../../lib/trip/input';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { tripView } from '../../../../server/trips/trip-view';
import { deleteTrip, isMember, requireTripOwner, tripOf, tripOwner, updateTrip } from '../../../../server/trips/trips';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** GET /api/trips/{id}: one of this reader's trips with its plan. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    return json({ trip: await tripView(await tripOf(requireTripOwner(locals), id)) }, { headers: PRIVATE });
  });

/** PATCH /api/trips/{id}: changes dates, pace, stops or the arrangement; `version` guards against overwriting another window's change. */
export const PATCH: APIRoute = ({ cookies, locals, params, request }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    const change = await readJsonBody(request, UpdateTripInput);
    const trip = await updateTrip(tripOwner(locals), id, change, await isMember({ cookies, locals }));
    return json({ trip: await tripView(trip) }, { headers: PRIVATE });
  });

export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    await deleteTrip(requireTripOwner(locals), id);
    return new Response(null, { status: 204 });
  });

export const ALL = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
