import type { AstroCookies } from 'astro';
import { HttpError } from '../http/responses';
import { signValue, verifySignedValue } from '../http/signed-value';

export const ADMIN_COOKIE = 'admin_session';
/** An admin session lasts 8 hours. */
export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;

/** Starts an admin session: an httpOnly, SameSite=Strict cookie signed with SESSION_SECRET. */
export function startAdminSession(cookies: AstroCookies, secure: boolean, now: number = Date.now()): void {
  const expires = now + ADMIN_SESSION_SECONDS * 1000;
  cookies.set(ADMIN_COOKIE, signValue(`admin:${expires}`), {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: ADMIN_SESSION_SECONDS,
  });
}

export function isAdmin(cookies: AstroCookies, now: number = Date.now()): boolean {
  const value = verifySignedValue(cookies.get(ADMIN_COOKIE)?.value);
  const match = value?.match(/^admin:(\d+)$/);
  return Boolean(match && Number(match[1]) > now);
}

/** Every admin endpoint starts here: no valid admin session, no access. */
export const ADMIN_REQUIRED = 'Admin sign-in required.';

export function requireAdmin(cookies: AstroCookies): void {
  if (!isAdmin(cookies)) throw new HttpError(401, ADMIN_REQUIRED);
}
