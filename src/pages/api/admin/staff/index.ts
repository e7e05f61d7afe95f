import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { staffAccounts } from '../../../../server/admin/staff-manage';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

/** Every staff account (Owner only: staff:manage). */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireStaff(locals, 'staff:manage');
    return json({ accounts: await staffAccounts() });
  });

export const ALL = methodNotAllowed(['GET']);
