import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { spotFromSuggestion } from '../../../../server/spots/suggestions';

const Params = z.object({ id: idParamSchema });

/** POST /api/suggestions/{id}/spot (201): "Create spot from suggestion", a draft for the editor; needs spots:add too. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireStaff(locals, 'suggestions:review');
    const staff = requireStaff(locals, 'spots:add');
    const { id } = parseParams(params, Params);
    return json(await spotFromSuggestion(staff, id), 201);
  });
export const ALL = methodNotAllowed(['POST']);
