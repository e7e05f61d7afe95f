import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { decideSuggestion } from '../../../../server/spots/suggestions';

const Params = z.object({ id: idParamSchema });

/** Admin only. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'suggestions:review');
    const { id } = parseParams(params, Params);
    return json(await decideSuggestion(id, 'rejected', staff));
  });
export const ALL = methodNotAllowed(['POST']);
