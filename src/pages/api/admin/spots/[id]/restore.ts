import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';
import { restoreSpot } from '../../../../../server/spots/archive';

const Params = z.object({ id: idParamSchema });

/** POST /api/admin/spots/{id}/restore ('spots:archive'): 404 for an unknown spot, 409 when there is nothing to change. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'spots:archive');
    const { id } = parseParams(params, Params);
    return json(await restoreSpot(staff, id));
  });
export const ALL = methodNotAllowed(['POST']);
