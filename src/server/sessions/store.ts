import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import { authSessions, type AuthSessionKind } from '../../../db/schema';
import { database } from '../db/database';

/**
 * Sign-in sessions kept on the server, for users and staff alike
 * (docs/decisions/019-server-side-sessions.md). The browser holds a random 32-byte token; the
 * table holds its SHA-256, so neither a database copy nor a log of ids can be replayed as a
 * cookie. A session ends when it is revoked (sign-out, sign-out everywhere), at its absolute
 * expiry, or after its idle timeout without use, and every instance on the database sees it.
 */

export interface SessionRules {
  /** From sign-in to the end, however busy. */
  absoluteMs: number;
  /** Without a request for this long, the session ends. */
  idleMs: number;
}

export interface ActiveSession {
  /** The stored id (the token's hash), never the token. */
  id: string;
  kind: AuthSessionKind;
  subject: string;
  expiresAt: Date;
}

/** Where a session was started from, kept for the owner to see and for the known-address rule. */
export interface SessionOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/** `last_used_at` is written at most this often per session, so a busy session costs no write per request. */
export const TOUCH_EVERY_MS = 60_000;
/** Ended sessions are kept this long after their expiry (the known-address rule reads them), then deleted. */
const KEEP_ENDED_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT_KEPT = 300;
/** 32 random bytes in base64url. Anything else in the cookie is no session, without a query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The cookie's value when it has the shape of a token, else null. */
export function tokenOf(value: string | undefined): string | null {
  return value && TOKEN.test(value) ? value : null;
}

export async function createSession(
  kind: AuthSessionKind,
  subject: string,
  rules: SessionRules,
  origin: SessionOrigin,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now + rules.absoluteMs);
  const db = await database();
  await db.batch([
    db.delete(authSessions).where(lt(authSessions.expiresAt, new Date(now - KEEP_ENDED_MS))),
    db.insert(authSessions).values({
      id: hashToken(token),
      kind,
      subject,
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      expiresAt,
      idleTimeoutMs: rules.idleMs,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_KEPT) ?? null,
    }),
  ]);
  return { token, expiresAt };
}

/** The live session of this token and kind, or null when it is unknown, revoked, expired or idle too long. */
export async function findSession(token: string | null, kind: AuthSessionKind, now = Date.now()): Promise<ActiveSession | null> {
  if (!token) return null;
  const id = hashToken(token);
  const db = await database();
  const [row] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, id), eq(authSessions.kind, kind)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now || row.lastUsedAt.getTime() + row.idleTimeoutMs <= now) return null;
  if (now - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    // Guarded on the old value, so instances answering the same session at once write it once.
    await db
      .update(authSessions)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(authSessions.id, id), lte(authSessions.lastUsedAt, new Date(now - TOUCH_EVERY_MS))));
  }
  return { id, kind, subject: row.subject, expiresAt: row.expiresAt };
}

/** Ends the session of this token (sign-out); an unknown or ended one changes nothing. */
export async function revokeSession(token: string | null, now = Date.now()): Promise<void> {
  if (!token) return;
  const db = await database();
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(authSessions.id, hashToken(token)), isNull(authSessions.revokedAt)));
}

/** Ends every live session of one subject (sign-out everywhere); answers how many it ended. */
export async function revokeAllSessions(kind: AuthSessionKind, subject: string, now = Date.now()): Promise<number> {
  const db = await database();
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(authSessions.kind, kind), eq(authSessions.subject, subject), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date(now))))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** Whether a session of this kind was started from this address since `since` (ended or not). */
export async function startedFrom(kind: AuthSessionKind, ipAddress: string, since: Date): Promise<boolean> {
  const db = await database();
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.kind, kind), eq(authSessions.ipAddress, ipAddress), gt(authSessions.createdAt, since)))
    .limit(1);
  return Boolean(row);
}
