import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, methodNotAllowed, parseQuery } from '../../../../server/http/responses';
import { MembersQuery } from '../../../../server/members/list';
import { membersCsv } from '../../../../server/members/csv';

/** GET /api/admin/members/export ('members:read'): the filtered list as a CSV file a spreadsheet opens. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'members:read');
    const { q, state, label } = parseQuery(url, MembersQuery.pick({ q: true, state: true, label: true }));
    return new Response(await membersCsv({ q, state, label }), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="members.csv"', 'Cache-Control': 'no-store' },
    });
  });
export const ALL = methodNotAllowed(['GET']);
