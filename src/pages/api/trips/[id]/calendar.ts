import type { APIRoute } from 'astro';
import { TripIdParams } from '../../../../lib/trip/input';
import { siteOrigin } from '../../../../server/content/site-map';
import { handle, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { tripIcs } from '../../../../server/trips/trip-calendar';
import { tripView } from '../../../../server/trips/trip-view';
import { requireTripOwner, tripOf } from '../../../../server/trips/trips';

/** GET /api/trips/{id}/calendar: the trip as an .ics file, one event per stop. */
export const GET: APIRoute = ({ locals, params, url }) =>
  handle(async () => {
    const { id } = parseParams(params, TripIdParams);
    const trip = await tripOf(requireTripOwner(locals), id);
    const body = tripIcs(await tripView(trip), siteOrigin(url), trip.updatedAt);
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="trip-${trip.id}.ics"`,
      'Cache-Control': 'private, no-store',
    };
    return new Response(body, { headers });
  });

export const ALL = methodNotAllowed(['GET']);
