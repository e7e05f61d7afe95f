import type { APIRoute } from 'astro';
import { z } from '../../../../../lib/zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';
import { setPlaceArchived } from '../../../../../server/spots/places-desk';

const Params = z.object({ id: idParamSchema });

/** POST /api/admin/places/{id}/archive ('places:edit'): 404 for an unknown place, 409 when there is nothing to change. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'places:edit');
    const { id } = parseParams(params, Params);
    return json({ place: await setPlaceArchived(staff, id, true) });
  });
export const ALL = methodNotAllowed(['POST']);
