import type { APIRoute } from 'astro';
import { z } from '../../../../lib/zod';
import { EventChangeInput } from '../../../../lib/event-input';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { editEvent, eventForDesk } from '../../../../server/content/events-desk';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** GET /api/admin/events/{id} ('events:edit'): one event with what an editor changed by hand. */
export const GET: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'events:edit');
    return json({ event: await eventForDesk(parseParams(params, Params).id) });
  });

/** PATCH /api/admin/events/{id} ('events:edit'): the fields sent change and are kept from later imports. */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'events:edit');
    const { id } = parseParams(params, Params);
    return json({ event: await editEvent(staff, id, await readFormBody(request, EventChangeInput)) });
  });

export const ALL = methodNotAllowed(['GET', 'PATCH']);
