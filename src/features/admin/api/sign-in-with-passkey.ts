import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest, apiSend } from '../../../lib/api-client';

/**
 * POST /api/admin/passkeys/sign-in/options (a challenge, 5 minutes, one use), the browser's
 * passkey prompt (no email: the authenticator offers its passkeys for this site), then
 * POST /api/admin/passkeys/sign-in: a staff session. 401 for a passkey the site does not know,
 * 403 for a disabled account; a cancelled prompt rejects with NotAllowedError.
 */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await apiSend<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/admin/passkeys/sign-in/options');
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('POST', '/api/admin/passkeys/sign-in', { response });
}
