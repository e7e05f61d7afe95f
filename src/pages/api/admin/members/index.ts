import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseQuery } from '../../../../server/http/responses';
import { listMembers, MembersQuery } from '../../../../server/members/list';

/** GET /api/admin/members ('members:read'): one page of everyone who gave us an email, with search and a state filter. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'members:read');
    return json(await listMembers(parseQuery(url, MembersQuery)));
  });
export const ALL = methodNotAllowed(['GET']);
