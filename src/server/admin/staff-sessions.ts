import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { authSessions, staff } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { historyEntry, type Actor } from './history';

export interface LiveStaffSession {
  /** The stored id (the token's hash): it names the session, and signs nobody in. */
  id: string;
  staffId: number;
  name: string;
  email: string | null;
  startedAt: Date;
  lastUsedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export const NO_SESSION = 'No live session with this id: it may have ended already.';

function live(now: number) {
  return and(
    eq(authSessions.kind, 'staff'),
    isNull(authSessions.revokedAt),
    gt(authSessions.expiresAt, new Date(now)),
    sql`${authSessions.lastUsedAt} + ${authSessions.idleTimeoutMs} > ${now}`,
  );
}

/** Every live staff session, most recently used first; `staffId` keeps one account's. */
export async function liveStaffSessions(staffId?: number, now = Date.now()): Promise<LiveStaffSession[]> {
  const db = await database();
  return db
    .select({
      id: authSessions.id,
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
      startedAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      ipAddress: authSessions.ipAddress,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .innerJoin(staff, eq(sql`cast(${staff.id} as text)`, authSessions.subject))
    .where(and(live(now), staffId === undefined ? undefined : eq(authSessions.subject, String(staffId))))
    .orderBy(desc(authSessions.lastUsedAt));
}

/**
 * Ends one live staff session (its cookie signs in nowhere from the next request), with a History
 * entry; `ownerOf` limits it to that account's sessions (a member ending their own). 404 otherwise.
 */
export async function endStaffSession(actor: NonNullable<Actor>, id: string, ownerOf?: number, now = Date.now()): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(authSessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(authSessions.id, id), live(now), ownerOf === undefined ? undefined : eq(authSessions.subject, String(ownerOf))))
      .returning({ subject: authSessions.subject, ipAddress: authSessions.ipAddress });
    if (!ended) throw new HttpError(404, NO_SESSION);
    const [member] = await tx
      .select()
      .from(staff)
      .where(eq(sql`cast(${staff.id} as text)`, ended.subject));
    await historyEntry(
      tx as unknown as Database,
      actor,
      {
        kind: 'staff',
        subjectId: ended.subject,
        subjectLabel: member?.email ?? member?.name ?? ended.subject,
        event: 'sessions ended',
        before: { sessions: 1, address: ended.ipAddress },
      },
      new Date(now),
    );
  });
}
