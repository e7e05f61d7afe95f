import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { staffPasskeys } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { CHALLENGE_USED, notVerified, type RelyingParty } from './passkeys-party';
import { keepChallenge, useChallenge } from './passkeys-challenges';
import { activeStaffMember } from './staff-accounts';

export const UNKNOWN_PASSKEY = 'This passkey is not known here. Sign in with your password, then add it on Your account.';
export const ACCOUNT_DISABLED = 'This account is disabled. Ask an Owner to turn it back on.';

/** Usernameless: no credential list, the authenticator offers the passkeys it holds for this site. */
export async function signInOptions(party: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'preferred' });
  await keepChallenge(options.challenge, 'sign-in', null);
  return options;
}

/**
 * The account a passkey answer signs in to: the challenge is used up (right or wrong), the
 * signature checked with the stored public key on the site's origin, and the counter and last
 * use written. Refused for an unknown passkey or a disabled account. It never reads or counts
 * towards the admin password's back-off: a passkey cannot be guessed.
 */
export async function verifyPasskeySignIn(party: RelyingParty, response: AuthenticationResponseJSON): Promise<number> {
  const db = await database();
  const [passkey] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, response.id));
  if (!passkey) {
    // The challenge is spent all the same, so an unknown passkey cannot keep one alive.
    await useChallengeOf(response);
    throw new HttpError(401, UNKNOWN_PASSKEY);
  }
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => {
        if (!(await useChallenge(challenge, 'sign-in', null))) throw new HttpError(400, CHALLENGE_USED);
        return true;
      },
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports ?? undefined },
      requireUserVerification: false,
    });
    if (!verification.verified) throw new HttpError(400, 'The passkey could not be verified. Please try again.');
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    throw notVerified(error);
  }
  if (!(await activeStaffMember(passkey.staffId))) throw new HttpError(403, ACCOUNT_DISABLED);
  await db.update(staffPasskeys).set({ counter: newCounter, lastUsedAt: new Date() }).where(eq(staffPasskeys.id, passkey.id));
  return passkey.staffId;
}

/** The challenge an answer carries, used up; a malformed answer has none to spend. */
async function useChallengeOf(response: AuthenticationResponseJSON): Promise<void> {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof client.challenge === 'string') await useChallenge(client.challenge, 'sign-in', null);
  } catch {
    // Not JSON: nothing to spend.
  }
}
