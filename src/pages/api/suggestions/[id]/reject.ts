import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../../../../lib/validation';
import { requireAdmin } from '../../../../server/admin/session';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { decideSuggestion } from '../../../../server/spots/suggestions';

const Params = z.object({ id: idParamSchema });

/** Admin only. */
export const POST: APIRoute = ({ locals, params }) =>
  handle(async () => {
    requireAdmin(locals);
    const { id } = parseParams(params, Params);
    return json(await decideSuggestion(id, 'rejected'));
  });
export const ALL = methodNotAllowed(['POST']);
