import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { liveStaffSessions } from '../../../../server/admin/staff-sessions';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

/** Every live staff session (Owner only: staff:manage); `current` marks the caller's own. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'staff:manage');
    const sessions = await liveStaffSessions();
    return json({ sessions: sessions.map((session) => ({ ...session, current: session.id === staff.sessionId })) });
  });

export const ALL = methodNotAllowed(['GET']);
