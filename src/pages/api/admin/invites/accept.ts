import type { APIRoute } from 'astro';
import { z } from 'zod';
import { rememberDevice } from '../../../../server/admin/devices';
import { staffSubject, startAdminSession } from '../../../../server/admin/session';
import { acceptInvite } from '../../../../server/admin/staff-invites';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '../../../../server/admin/staff-passwords';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';

const Body = z.object({
  token: z
    .string({ error: 'The invite link is missing its token.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This invite link is not valid. Check that you copied all of it, or ask the Owner for a new one.'),
  name: z.string({ error: 'Enter your name.' }).trim().min(1, 'Enter your name.').max(80, 'Use a name of at most 80 characters.'),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Use a password of at most 200 characters.'),
});

/**
 * Accepts an invite (the link's token is the proof): creates the staff account with the invite's
 * role and signs this browser in as it. Signed in to Clerk with the invite's email, the account is
 * bound to that Clerk account too.
 */
export const POST: APIRoute = ({ request, cookies, clientAddress, url, locals }) =>
  handle(async () => {
    const { token, name, password } = await readJsonBody(request, Body);
    const member = await acceptInvite(token, { name, password }, locals.clerkUser);
    const subject = staffSubject(member.id);
    const secure = url.protocol === 'https:';
    await startAdminSession(cookies, subject, { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') }, secure);
    await rememberDevice(cookies, subject, secure);
    return json(
      { account: { id: member.id, name: member.name, email: member.email, role: member.role, clerk: member.clerkUserId !== null } },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  });

export const ALL = methodNotAllowed(['POST']);
