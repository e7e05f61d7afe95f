import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { liveStaffSessions } from '../../../../server/admin/staff-sessions';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

/** The caller's own live sessions, every member of staff; `current` marks this browser's. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'dashboard:read');
    const sessions = await liveStaffSessions(staff.id);
    return json({ sessions: sessions.map((session) => ({ ...session, current: session.id === staff.sessionId })) });
  });

export const ALL = methodNotAllowed(['GET']);
