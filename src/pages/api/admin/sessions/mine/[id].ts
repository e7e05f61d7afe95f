import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../../server/admin/permissions';
import { endStaffSession } from '../../../../../server/admin/staff-sessions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../../server/http/responses';

const Params = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'a session id') });

/** Ends one of the caller's own sessions (another device); someone else's is a 404. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'dashboard:read');
    const { id } = parseParams(params, Params);
    await endStaffSession(staff, id, staff.id);
    return json({ ended: true });
  });

export const ALL = methodNotAllowed(['DELETE']);
