import type { APIRoute } from 'astro';
import { rememberDevice } from '../../../../../server/admin/devices';
import { SignInBody, asAuthentication } from '../../../../../server/admin/passkeys-input';
import { relyingParty } from '../../../../../server/admin/passkeys-party';
import { verifyPasskeySignIn } from '../../../../../server/admin/passkeys-sign-in';
import { staffSubject, startAdminSession } from '../../../../../server/admin/session';
import { readJsonBody } from '../../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../../server/http/responses';

/**
 * Signs in with a passkey: a staff session for the passkey's account, and this browser becomes a
 * known device. Not held by the admin password's global back-off (src/server/admin/auth.ts), so
 * guesses at the password from elsewhere cannot lock a passkey holder out.
 */
export const POST: APIRoute = ({ request, cookies, clientAddress, url }) =>
  handle(async () => {
    const staffId = await verifyPasskeySignIn(relyingParty(url), asAuthentication(await readJsonBody(request, SignInBody)));
    const secure = url.protocol === 'https:';
    const subject = staffSubject(staffId);
    await startAdminSession(cookies, subject, { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') }, secure);
    await rememberDevice(cookies, subject, secure);
    return json({ authenticated: true }, { headers: { 'Cache-Control': 'no-store' } });
  });

export const ALL = methodNotAllowed(['POST']);
