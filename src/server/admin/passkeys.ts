import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { staffPasskeys } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { historyEntry } from './history';
import { CHALLENGE_USED, notVerified, type RelyingParty } from './passkeys-party';
import { keepChallenge, useChallenge } from './passkeys-challenges';
import type { StaffSession } from './session';

/** One passkey as its owner sees it on their account page. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Passkeys of one account, oldest first. */
export async function passkeysOf(staffId: number): Promise<PasskeySummary[]> {
  const db = await database();
  const rows = await db
    .select({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt, lastUsedAt: staffPasskeys.lastUsedAt })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
}

/** The WebAuthn user handle: the account's id, never the email, so the authenticator holds nothing personal. */
const userHandle = (staffId: number) => new TextEncoder().encode(`staff-${staffId}`);

/**
 * What the browser needs to make a passkey for this member of staff: a discoverable credential
 * (so sign-in needs no email), user verification preferred, none of their existing passkeys again.
 */
export async function registrationOptions(member: StaffSession, party: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await database().then((db) =>
    db.select({ id: staffPasskeys.id, transports: staffPasskeys.transports }).from(staffPasskeys).where(eq(staffPasskeys.staffId, member.id)),
  );
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: member.email ?? member.name,
    userDisplayName: member.name,
    userID: userHandle(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  await keepChallenge(options.challenge, 'register', member.id);
  return options;
}

/** The account's History label: the email people know it by, or its name (the built-in Owner has no email). */
const labelOf = (member: Pick<StaffSession, 'email' | 'name'>) => member.email ?? member.name;

/**
 * Checks the browser's new passkey against a challenge this member of staff was given (used up
 * here, right or wrong) and the site's origin, then keeps it with its name and a History entry,
 * written together.
 */
export async function addPasskey(member: StaffSession, party: RelyingParty, name: string, response: RegistrationResponseJSON): Promise<PasskeySummary[]> {
  let credential;
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => {
        if (!(await useChallenge(challenge, 'register', member.id))) throw new HttpError(400, CHALLENGE_USED);
        return true;
      },
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: false,
    });
    if (!verification.verified) throw new HttpError(400, 'The passkey could not be verified. Please try again.');
    credential = verification.registrationInfo.credential;
  } catch (error) {
    throw notVerified(error);
  }
  const db = await database();
  const [taken] = await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.id, credential.id));
  if (taken) throw new HttpError(409, 'This passkey is already added.');
  const now = new Date();
  await db.batch([
    db.insert(staffPasskeys).values({
      id: credential.id,
      staffId: member.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name,
      createdAt: now,
    }),
    historyEntry(db, member, { kind: 'staff', subjectId: member.id, subjectLabel: labelOf(member), event: 'passkey added', after: { passkey: name } }, now),
  ]);
  return passkeysOf(member.id);
}

/** Removes one of this member of staff's own passkeys (404 for anyone else's), with its History entry. */
export async function removePasskey(member: StaffSession, id: string): Promise<PasskeySummary[]> {
  const db = await database();
  const mine = and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, member.id));
  const [passkey] = await db.select({ name: staffPasskeys.name }).from(staffPasskeys).where(mine);
  if (!passkey) throw new HttpError(404, 'No such passkey on your account.');
  await db.batch([
    db.delete(staffPasskeys).where(mine),
    historyEntry(db, member, { kind: 'staff', subjectId: member.id, subjectLabel: labelOf(member), event: 'passkey removed', before: { passkey: passkey.name } }),
  ]);
  return passkeysOf(member.id);
}
