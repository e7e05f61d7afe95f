import type { AstroCookies } from 'astro';
import { signValue, verifySignedValue } from '../http/signed-value';

export const SUBSCRIBER_COOKIE = 'subscriber';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Who the visitor says they are for the paywall. `verified` is true only after this browser
 * completed a paid checkout for the email; a merely typed email counts for the free-view limit
 * but never unlocks anything.
 */
export interface SubscriberIdentity {
  email: string;
  verified: boolean;
}

export function readSubscriber(cookies: AstroCookies): SubscriberIdentity | null {
  const value = verifySignedValue(cookies.get(SUBSCRIBER_COOKIE)?.value);
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<SubscriberIdentity>;
    return typeof parsed.email === 'string' ? { email: parsed.email, verified: parsed.verified === true } : null;
  } catch {
    return null;
  }
}

export function writeSubscriber(cookies: AstroCookies, identity: SubscriberIdentity, secure: boolean): void {
  cookies.set(SUBSCRIBER_COOKIE, signValue(JSON.stringify(identity)), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
  });
}

/** A typed email replaces the identity only when it differs; a verified one is kept. */
export function claimSubscriber(cookies: AstroCookies, email: string, secure: boolean): void {
  const current = readSubscriber(cookies);
  if (current?.email === email) return;
  writeSubscriber(cookies, { email, verified: false }, secure);
}
