import type { APIRoute } from 'astro';
import { TripTokenParams } from '../../lib/trip/input';
import { siteOrigin } from '../../server/content/site-map';
import { handle, HttpError, methodNotAllowed, parseParams } from '../../server/http/responses';
import { tripIcs } from '../../server/trips/trip-calendar';
import { tripView } from '../../server/trips/trip-view';
import { SHARED_TRIP_GONE, tripByShareToken } from '../../server/trips/trips';

/** GET /trips/{token}.ics: a shared trip as a calendar file. */
export const GET: APIRoute = ({ params, url }) =>
  handle(async () => {
    const { token } = parseParams(params, TripTokenParams);
    const trip = await tripByShareToken(token);
    if (!trip) throw new HttpError(404, SHARED_TRIP_GONE);
    const body = tripIcs(await tripView(trip), siteOrigin(url), trip.updatedAt);
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="trip.ics"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    };
    return new Response(body, { headers });
  });

export const ALL = methodNotAllowed(['GET']);
