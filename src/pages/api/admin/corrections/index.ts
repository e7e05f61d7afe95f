import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { correctionsInbox } from '../../../../server/spots/corrections';

/** GET /api/admin/corrections ('suggestions:review'): open corrections with their diffs, then the latest decided. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireStaff(locals, 'suggestions:review');
    return json(await correctionsInbox());
  });
export const ALL = methodNotAllowed(['GET']);
