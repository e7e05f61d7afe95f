import type { AstroCookies } from 'astro';
import { signValue, verifySignedValue } from '../http/signed-value';

export const SESSION_COOKIE = 'sid';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The visitor's anonymous session id. The server sets it (httpOnly) on the first visit so views,
 * loves and visits can be told apart per visitor without any sign-in. The cookie carries the id
 * signed with SESSION_SECRET: an id the server did not issue (made up, or signed by another
 * secret) counts as no session, and the request gets a fresh one, so nobody can mint visitors by
 * writing ids into the cookie.
 */
export function visitorSession(cookies: AstroCookies, secure: boolean): string {
  const current = verifySignedValue(cookies.get(SESSION_COOKIE)?.value);
  if (current && SESSION_ID.test(current)) return current;
  const id = crypto.randomUUID();
  cookies.set(SESSION_COOKIE, signValue(id), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: ONE_YEAR_SECONDS });
  return id;
}
