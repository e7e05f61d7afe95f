import type { APIRoute } from 'astro';
import { z } from '../../../../../lib/zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { setEventHidden } from '../../../../../server/content/events-desk';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: idParamSchema });

/** POST /api/admin/events/{id}/show ('events:edit'): 404 for an unknown event, 409 when there is nothing to change. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'events:edit');
    const { id } = parseParams(params, Params);
    return json({ event: await setEventHidden(staff, id, false) });
  });
export const ALL = methodNotAllowed(['POST']);
