import type { APIRoute } from 'astro';
import { EventsDeskQuery, NewEventInput } from '../../../../lib/event-input';
import { requireStaff } from '../../../../server/admin/permissions';
import { addEvent, eventsForDesk } from '../../../../server/content/events-desk';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../../../server/http/responses';

/** GET /api/admin/events ('events:edit'): the desk's list, searched and paged. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'events:edit');
    return json(await eventsForDesk(parseQuery(url, EventsDeskQuery)));
  });

/** POST /api/admin/events ('events:edit'): adds an event by hand; 201 with it. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'events:edit');
    return json({ event: await addEvent(staff, await readFormBody(request, NewEventInput)) }, 201);
  });

export const ALL = methodNotAllowed(['GET', 'POST']);
