import type { AstroCookies } from 'astro';
import { and, eq, isNull } from 'drizzle-orm';
import { userEngagements, users } from '../../../db/schema';
import { claimVisitorTrips } from '../trips/trips';
import { database } from '../db/database';
import type { ClerkUser } from '../adapters/clerk-user';
import { HttpError } from '../http/responses';
import { createSession, findSession, revokeAllSessions, revokeSession, tokenOf, type SessionOrigin, type SessionRules } from '../sessions/store';

/**
 * One identity for both sign-in modes. A Clerk user is verified by Clerk; the demo sign-in is an
 * unverified user held by a server-side session (src/server/sessions/store.ts) whose token is in
 * an httpOnly cookie, so signing out ends it for every copy of that cookie. Either becomes a row of `users`, and the
 * request's user is `locals.user`. A demo user's email is only what was typed: it never counts as
 * a verified address, so it can never unlock someone else's subscription (see subscriber.ts).
 */
export interface SessionUser {
  id: number;
  provider: 'clerk' | 'demo';
  email: string | null;
  name: string | null;
  /** True only when Clerk has verified the email. */
  verified: boolean;
}

export const USER_COOKIE = 'user';
/** A demo sign-in lasts 30 days, busy or not (docs/decisions/019-server-side-sessions.md). */
export const USER_SESSION: SessionRules = { absoluteMs: 30 * 24 * 60 * 60 * 1000, idleMs: 30 * 24 * 60 * 60 * 1000 };
export const SIGN_IN_REQUIRED = 'Please sign in first.';

const CACHE_MAX = 1_000;
/** Rows change only at sign-in, so they are remembered: a signed-in request reads only its session. */
const known = new Map<string, SessionUser>();
/** Visitor sessions already merged into a user in this process (the merge itself is idempotent). */
const merged = new Set<string>();

function remember<T>(cache: Map<string, T> | Set<string>, key: string, value?: T): void {
  if (cache instanceof Map) cache.set(key, value as T);
  else cache.add(key);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
}

async function findOrCreate(provider: SessionUser['provider'], subject: string, email: string | null, name: string | null): Promise<number> {
  const db = await database();
  const [row] = await db
    .insert(users)
    .values({ provider, subject, email, name })
    .onConflictDoUpdate({ target: [users.provider, users.subject], set: { email, name } })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * Loves, visits and views this browser made before signing in, and the trips it planned, become
 * the user's: rows of the visitor session with no user yet. Runs once per user and session in this process.
 */
export async function mergeVisitor(userId: number, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  const key = `${userId}:${sessionId}`;
  if (merged.has(key)) return;
  const db = await database();
  await db.batch([
    db
      .update(userEngagements)
      .set({ userId })
      .where(and(eq(userEngagements.sessionId, sessionId), isNull(userEngagements.userId))),
    claimVisitorTrips(db, userId, sessionId),
  ]);
  remember(merged, key);
}

/**
 * Demo sign-in: any email. The user is this browser's: the same email typed in another browser is
 * another user, so nobody reaches someone else's saved spots by typing their address.
 */
export async function signInDemo(
  cookies: AstroCookies,
  input: { email: string; name: string | null; sessionId: string },
  origin: SessionOrigin,
  secure: boolean,
): Promise<SessionUser> {
  const email = input.email.trim().toLowerCase();
  const id = await findOrCreate('demo', `${input.sessionId}:${email}`, email, input.name);
  const user: SessionUser = { id, provider: 'demo', email, name: input.name, verified: false };
  remember(known, `demo:${id}`, user);
  await mergeVisitor(id, input.sessionId);
  // One browser, one session: the one it held before this sign-in ends.
  await revokeSession(tokenOf(cookies.get(USER_COOKIE)?.value));
  const { token } = await createSession('user', String(id), USER_SESSION, origin);
  cookies.set(USER_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: USER_SESSION.absoluteMs / 1000 });
  return user;
}

/**
 * Signs this browser out: its session is revoked, so a copy of the cookie signs nobody in. With
 * `everywhere`, every session of the same user ends, on every device.
 */
export async function signOutDemo(cookies: AstroCookies, everywhere = false): Promise<void> {
  const token = tokenOf(cookies.get(USER_COOKIE)?.value);
  const session = everywhere ? await findSession(token, 'user') : null;
  if (session) await revokeAllSessions('user', session.subject);
  else await revokeSession(token);
  if (cookies.has(USER_COOKIE)) cookies.delete(USER_COOKIE, { path: '/' });
}

async function demoUser(cookies: AstroCookies): Promise<SessionUser | null> {
  const token = tokenOf(cookies.get(USER_COOKIE)?.value);
  if (!token) return null;
  const session = await findSession(token, 'user');
  if (!session || !/^\d{1,15}$/.test(session.subject)) return null;
  const key = `demo:${session.subject}`;
  const cached = known.get(key);
  if (cached) return cached;
  const db = await database();
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, Number(session.subject)), eq(users.provider, 'demo')));
  if (!row) return null;
  const user: SessionUser = { ...row, provider: 'demo', verified: false };
  remember(known, key, user);
  return user;
}

async function clerkSessionUser(clerk: ClerkUser): Promise<SessionUser> {
  const key = `clerk:${clerk.id}`;
  const cached = known.get(key);
  if (cached && cached.email === clerk.email && cached.name === clerk.name && cached.verified === clerk.emailVerified) return cached;
  const id = await findOrCreate('clerk', clerk.id, clerk.email, clerk.name ?? clerk.firstName);
  const user: SessionUser = { id, provider: 'clerk', email: clerk.email, name: clerk.name ?? clerk.firstName, verified: clerk.emailVerified };
  remember(known, key, user);
  return user;
}

/**
 * The request's user: the Clerk user when Clerk signed someone in, else the demo cookie's user,
 * else null. The visitor session's earlier activity is merged into the user on first sight.
 */
export async function resolveUser(cookies: AstroCookies, locals: Pick<App.Locals, 'clerkUser' | 'sessionId'>): Promise<SessionUser | null> {
  const user = locals.clerkUser ? await clerkSessionUser(locals.clerkUser) : await demoUser(cookies);
  if (user) await mergeVisitor(user.id, locals.sessionId);
  return user;
}

/** Every endpoint for signed-in users starts here. */
export function requireUser(locals: Pick<App.Locals, 'user'>): SessionUser {
  if (!locals.user) throw new HttpError(401, SIGN_IN_REQUIRED);
  return locals.user;
}

/** Forgets a user this process remembers (their account was deleted). */
export function forgetUser(id: number): void {
  for (const [key, user] of known) if (user.id === id) known.delete(key);
}
