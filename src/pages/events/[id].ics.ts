import type { APIRoute } from 'astro';
import { z } from 'zod';
import { icsEventById, singleEventIcs } from '../../server/content/calendar';
import { siteOrigin } from '../../server/content/site-map';
import { handle, HttpError, methodNotAllowed, parseParams } from '../../server/http/responses';
import { revalidated } from '../../server/http/revalidation';

const Params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** GET /events/{id}.ics: one listed event as a download, for "Add to calendar". */
export const GET: APIRoute = ({ params, url, request }) =>
  handle(async () => {
    const { id } = parseParams(params, Params);
    const origin = siteOrigin(url);
    const event = await icsEventById(id, origin);
    if (!event) throw new HttpError(404, 'No event with this id.');
    const headers = { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="scottsdale-event-${id}.ics"` };
    return revalidated(request, new Response(singleEventIcs(event, origin), { headers }), 'public, max-age=300');
  });
export const ALL = methodNotAllowed(['GET']);
