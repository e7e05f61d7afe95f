import type { APIRoute } from 'astro';
import { z } from 'zod';
import { slugSchema } from '../../lib/validation';
import { singleEventIcs, spotIcsEvent } from '../../server/content/calendar';
import { siteOrigin } from '../../server/content/site-map';
import { handle, HttpError, methodNotAllowed, parseParams } from '../../server/http/responses';
import { revalidated } from '../../server/http/revalidation';
import { SPOT_GONE, spotBySlug } from '../../server/spots/spots';
import { effectiveHours } from '../../lib/spot-status';

const Params = z.object({ slug: slugSchema });

/** GET /spots/{slug}.ics: an event spot's next occurrence (from its weekly hours) as a download. */
export const GET: APIRoute = ({ params, url, request }) =>
  handle(async () => {
    const { slug } = parseParams(params, Params);
    const origin = siteOrigin(url);
    const spot = await spotBySlug(slug);
    if (spot?.archivedAt || spot?.status === 'permanently-closed' || spot?.status === 'moved') throw new HttpError(410, SPOT_GONE);
    // A temporary closure skips the dates it covers: the file names the next day it is really on.
    const event = spot && spotIcsEvent({ ...spot, hours: effectiveHours(spot) }, origin);
    if (!event) throw new HttpError(404, 'This spot has no upcoming date to add to a calendar.');
    const headers = { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${slug}.ics"` };
    return revalidated(request, new Response(singleEventIcs(event, origin), { headers }), 'public, max-age=300');
  });
export const ALL = methodNotAllowed(['GET']);
