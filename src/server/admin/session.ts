import type { AstroCookies } from 'astro';
import type { StaffRole } from '../../../db/schema';
import { activeStaffMember } from './staff-accounts';
import { HttpError } from '../http/responses';
import { createSession, findSession, revokeAllSessions, revokeSession, tokenOf, type SessionOrigin, type SessionRules } from '../sessions/store';

export const ADMIN_COOKIE = 'admin_session';
/**
 * A staff session ends after 12 hours without a request, and 7 days after sign-in however busy
 * (the rules staff accounts keep; docs/decisions/019-server-side-sessions.md).
 */
export const STAFF_SESSION: SessionRules = { absoluteMs: 7 * 24 * 60 * 60 * 1000, idleMs: 12 * 60 * 60 * 1000 };
/** The request's member of staff (`locals.staff`), known from a live staff session of an account that is not disabled. */
export interface StaffSession {
  id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  /** The account ADMIN_PASSWORD signs in to. */
  builtIn: boolean;
  /** The session's stored id (its token's hash), so a page can mark "this session". */
  sessionId: string;
  expiresAt: Date;
}

/** A staff session's subject is the staff account's id. */
export const staffSubject = (id: number) => String(id);

/** Every admin endpoint starts here: no valid admin session, no access. */
export const ADMIN_REQUIRED = 'Admin sign-in required.';

/**
 * Starts a staff session: the cookie holds its random token (httpOnly, SameSite=Strict, Secure
 * over https). A session this browser already had is ended, so one browser holds one session.
 */
export async function startAdminSession(cookies: AstroCookies, subject: string, origin: SessionOrigin, secure: boolean, now = Date.now()): Promise<void> {
  await revokeSession(tokenOf(cookies.get(ADMIN_COOKIE)?.value), now);
  const { token } = await createSession('staff', subject, STAFF_SESSION, origin, now);
  cookies.set(ADMIN_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: STAFF_SESSION.absoluteMs / 1000 });
}

/** The live staff session this request's cookie names, else null. */
export async function staffSession(cookies: AstroCookies, now = Date.now()): Promise<StaffSession | null> {
  const token = tokenOf(cookies.get(ADMIN_COOKIE)?.value);
  if (!token) return null;
  const session = await findSession(token, 'staff', now);
  if (!session || !/^\d{1,15}$/.test(session.subject)) return null;
  const member = await activeStaffMember(Number(session.subject));
  if (!member) return null;
  return { id: member.id, name: member.name, email: member.email, role: member.role, builtIn: member.builtIn, sessionId: session.id, expiresAt: session.expiresAt };
}

/**
 * Signs this browser out (its session is revoked, so a copy of the cookie is worthless), or, with
 * `everywhere`, ends every session of the same member of staff on every device.
 */
export async function endAdminSession(cookies: AstroCookies, everywhere: boolean, now = Date.now()): Promise<void> {
  const token = tokenOf(cookies.get(ADMIN_COOKIE)?.value);
  const session = everywhere ? await findSession(token, 'staff', now) : null;
  if (session) await revokeAllSessions('staff', session.subject, now);
  else await revokeSession(token, now);
  if (cookies.has(ADMIN_COOKIE)) cookies.delete(ADMIN_COOKIE, { path: '/' });
}

export function requireAdmin(locals: Pick<App.Locals, 'staff'>): StaffSession {
  if (!locals.staff) throw new HttpError(401, ADMIN_REQUIRED);
  return locals.staff;
}
