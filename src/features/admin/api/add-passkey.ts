import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiSend } from '../../../lib/api-client';
import type { PasskeyList } from './get-passkeys';

/**
 * POST /api/admin/passkeys/options (a registration challenge, 5 minutes, one use), then the
 * browser's passkey prompt, then POST /api/admin/passkeys (201): the account's passkeys now.
 * A cancelled prompt rejects with the browser's WebAuthnError (name NotAllowedError).
 */
export async function addPasskey(name: string): Promise<PasskeyList> {
  const optionsJSON = await apiSend<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/admin/passkeys/options');
  const response = await startRegistration({ optionsJSON });
  return apiSend<PasskeyList>('POST', '/api/admin/passkeys', { name, response });
}
