import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { passkeyChallenges, type PasskeyChallengePurpose } from '../../../db/schema';
import { database } from '../db/database';

/** A challenge is good for 5 minutes after it was handed out, and for one answer. */
export const CHALLENGE_MS = 5 * 60 * 1000;

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * Keeps a challenge the server just made (only its hash), for `purpose` and, for a registration,
 * the member of staff who asked. Run out ones are swept on the way, so strangers asking for
 * sign-in challenges cannot grow the table past 5 minutes' worth.
 */
export async function keepChallenge(challenge: string, purpose: PasskeyChallengePurpose, staffId: number | null, now = Date.now()): Promise<void> {
  const db = await database();
  await db.batch([
    db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now))),
    db.insert(passkeyChallenges).values({ id: hashOf(challenge), purpose, staffId, expiresAt: new Date(now + CHALLENGE_MS) }),
  ]);
}

/**
 * Uses up a challenge: true when it was handed out for this purpose (and member of staff) and has
 * not run out. It is deleted in the same statement, so of two answers to it only one is accepted.
 */
export async function useChallenge(challenge: string, purpose: PasskeyChallengePurpose, staffId: number | null, now = Date.now()): Promise<boolean> {
  const db = await database();
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, hashOf(challenge)), eq(passkeyChallenges.purpose, purpose)))
    .returning({ staffId: passkeyChallenges.staffId, expiresAt: passkeyChallenges.expiresAt });
  if (!row) return false;
  return row.expiresAt.getTime() > now && row.staffId === staffId;
}
