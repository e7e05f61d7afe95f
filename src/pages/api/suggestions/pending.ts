import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { pendingSuggestions } from '../../../server/spots/suggestions';

export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireAdmin(locals);
    return json(await pendingSuggestions(), { headers: { 'Cache-Control': 'no-store' } });
  });
export const ALL = methodNotAllowed(['GET']);
