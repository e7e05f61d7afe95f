import type { AstroCookies } from 'astro';
import { signValue, verifySignedValue } from '../http/signed-value';

export const SESSION_COOKIE = 'sid';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The visitor's anonymous session id, from the httpOnly `sid` cookie, or null when the browser has
 * none. The cookie carries the id signed with SESSION_SECRET: an id the server did not issue (made
 * up, or signed by another secret) counts as no session, so nobody can mint visitors by writing
 * ids into the cookie.
 */
export function existingVisitorSession(cookies: AstroCookies): string | null {
  const current = verifySignedValue(cookies.get(SESSION_COOKIE)?.value);
  return current && SESSION_ID.test(current) ? current : null;
}

/**
 * Issues a new session to this visitor. Only a write or a spot view needs one (views, loves and
 * visits are told apart per visitor without any sign-in); a plain read never sets a cookie, so
 * public pages and reads are the same bytes for everyone and caches can share them.
 */
export function startVisitorSession(cookies: AstroCookies, secure: boolean): string {
  const id = crypto.randomUUID();
  cookies.set(SESSION_COOKIE, signValue(id), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: ONE_YEAR_SECONDS });
  return id;
}
