import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { endStaffSession } from '../../../../server/admin/staff-sessions';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'a session id') });

/** Ends any staff session (Owner only: staff:manage): its browser is signed out on its next request. */
export const DELETE: APIRoute = ({ locals, params }) =>
  handle(async () => {
    const actor = requireStaff(locals, 'staff:manage');
    const { id } = parseParams(params, Params);
    await endStaffSession(actor, id);
    return json({ ended: true });
  });

export const ALL = methodNotAllowed(['DELETE']);
