import type { APIRoute } from 'astro';
import { CreateTripInput } from '../../../lib/trip/input';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { tripView } from '../../../server/trips/trip-view';
import { createTrip, existingTripOwner, isMember, tripOwner, tripsOf } from '../../../server/trips/trips';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** GET /api/trips: this reader's trips with their plans, and whether they plan as a member. */
export const GET: APIRoute = ({ cookies, locals }) =>
  handle(async () => {
    const owner = existingTripOwner(locals);
    const list = owner ? await tripsOf(owner) : [];
    const member = await isMember({ cookies, locals });
    return json({ member, trips: await Promise.all(list.map((trip) => tripView(trip))) }, { headers: PRIVATE });
  });

/** POST /api/trips: plans a new trip (a guest plans one day, once). */
export const POST: APIRoute = ({ cookies, locals, request }) =>
  handle(async () => {
    const input = await readJsonBody(request, CreateTripInput);
    const trip = await createTrip(tripOwner(locals), input, await isMember({ cookies, locals }));
    return json({ trip: await tripView(trip) }, { status: 201, headers: PRIVATE });
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
