import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../../lib/validation';
import { requireStaff } from '../../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';
import { rejectCorrection } from '../../../../../server/spots/corrections';

const Params = z.object({ id: idParamSchema });

/** POST /api/admin/corrections/{id}/reject ('suggestions:review'): the correction is kept, rejected. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'suggestions:review');
    const { id } = parseParams(params, Params);
    return json(await rejectCorrection(staff, id));
  });
export const ALL = methodNotAllowed(['POST']);
