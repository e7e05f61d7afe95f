import type { APIRoute } from 'astro';
import { TripIdParams } from '../../../../lib/trip/input';
import { siteOrigin } from '../../../../server/content/site-map';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { requireTripOwner, shareTrip, unshareTrip } from '../../../../server/trips/trips';

/** POST /api/trips/{id}/share: the trip's read-only link (made once, the same until revoked). */
export const POST: APIRoute = ({ locals, params, url }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    const trip = await shareTrip(requireTripOwner(locals), id);
    return json({ url: `${siteOrigin(url)}/trips/${trip.shareToken}` });
  });

/** DELETE /api/trips/{id}/share: the link stops working at once. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    await unshareTrip(requireTripOwner(locals), id);
    return new Response(null, { status: 204 });
  });

export const ALL = methodNotAllowed(['POST', 'DELETE']);
