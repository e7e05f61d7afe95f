import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkAdminPassword } from '../../../server/admin/auth';
import { knownDevice, rememberDevice } from '../../../server/admin/devices';
import { endAdminSession, staffSubject, startAdminSession } from '../../../server/admin/session';
import { builtInOwner } from '../../../server/admin/staff-accounts';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed, parseQuery } from '../../../server/http/responses';

const Body = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200) });
const SignOutQuery = z.object({ scope: z.enum(['this', 'all'], { error: 'scope must be this or all' }).default('this') });
const PRIVATE = { 'Cache-Control': 'no-store' };

/** Signs in with ADMIN_PASSWORD, as the built-in Owner account: a staff session, and this browser becomes a known device. */
export const POST: APIRoute = ({ request, cookies, clientAddress, url }) =>
  handle(async () => {
    const { password } = await readJsonBody(request, Body);
    await checkAdminPassword(password, { address: clientAddress, knownDevice: async () => (await knownDevice(cookies)) !== null });
    const secure = url.protocol === 'https:';
    const owner = staffSubject((await builtInOwner()).id);
    await startAdminSession(cookies, owner, { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') }, secure);
    await rememberDevice(cookies, owner, secure);
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
