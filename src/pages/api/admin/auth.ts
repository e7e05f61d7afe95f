import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkAdminPassword, checkStaffPassword } from '../../../server/admin/auth';
import { knownDevice, rememberDevice } from '../../../server/admin/devices';
import { endAdminSession, staffSubject, startAdminSession } from '../../../server/admin/session';
import { builtInOwner } from '../../../server/admin/staff-accounts';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';

const Body = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** With an email: a staff account's own sign-in. Without: ADMIN_PASSWORD, as the built-in Owner. */
  email: z.email({ error: 'Enter the email address your invite was sent to.' }).max(200).optional(),
});
const SignOutQuery = z.object({ scope: z.enum(['this', 'all'], { error: 'scope must be this or all' }).default('this') });
const PRIVATE = { 'Cache-Control': 'no-store' };

/**
 * Signs in: with ADMIN_PASSWORD alone as the built-in Owner account, or with a staff account's
 * email and password as that account. A staff session starts, and this browser becomes a known
 * device of the account.
 */
export const POST: APIRoute = ({ request, cookies, clientAddress, url }) =>
  handle(async () => {
    const { password, email } = await readJsonBody(request, Body);
    const caller = { address: clientAddress, knownDevice: (subject: string) => knownDevice(cookies, subject) };
    let subject: string;
    if (email) subject = staffSubject((await checkStaffPassword(email, password, caller)).id);
    else {
      const owner = async () => staffSubject((await builtInOwner()).id);
      await checkAdminPassword(password, caller, owner);
      subject = await owner();
    }
    const secure = url.protocol === 'https:';
    await startAdminSession(cookies, subject, { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') }, secure);
    await rememberDevice(cookies, subject, secure);
    return json({ authenticated: true }, { headers: PRIVATE });
  });

/** Sign Out: ends this browser's staff session; `?scope=all` ends every session of the same member of staff. */
export const DELETE: APIRoute = ({ cookies, url }) =>
  handle(async () => {
    const { scope } = parseQuery(url, SignOutQuery);
    await endAdminSession(cookies, scope === 'all');
    return json({ authenticated: false }, { headers: PRIVATE });
  });

export const ALL = methodNotAllowed(['POST', 'DELETE']);
