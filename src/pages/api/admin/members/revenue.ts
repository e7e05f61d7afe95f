import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { handle, json, methodNotAllowed, parseQuery } from '../../../../server/http/responses';
import { revenueFacts, RevenueQuery } from '../../../../server/analytics/revenue';

/** GET /api/admin/members/revenue ('revenue:read'): the Dashboard's members, revenue and funnel figures for a date range. */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    requireStaff(locals, 'revenue:read');
    return json(await revenueFacts(parseQuery(url, RevenueQuery)));
  });
export const ALL = methodNotAllowed(['GET']);
