import type { APIRoute } from 'astro';
import { clerkStaffMember } from '../../../../server/admin/staff-clerk';
import { rememberDevice } from '../../../../server/admin/devices';
import { staffSubject, startAdminSession } from '../../../../server/admin/session';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

/**
 * Signs in with Clerk: the request's Clerk session names a Clerk account that an invite bound to a
 * staff account (not disabled); a staff session of that account starts. 401 without Clerk sign-in,
 * 403 when no staff account is bound to it.
 */
export const POST: APIRoute = ({ request, cookies, clientAddress, url, locals }) =>
  handle(async () => {
    const member = await clerkStaffMember(locals.clerkUser);
    const subject = staffSubject(member.id);
    const secure = url.protocol === 'https:';
    await startAdminSession(cookies, subject, { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') }, secure);
    await rememberDevice(cookies, subject, secure);
    return json({ authenticated: true }, { headers: { 'Cache-Control': 'no-store' } });
  });

export const ALL = methodNotAllowed(['POST']);
