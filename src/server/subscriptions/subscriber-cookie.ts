import type { AstroCookies } from 'astro';
import { signValue, verifySignedValue } from '../http/signed-value';

export const SUBSCRIBER_COOKIE = 'subscriber';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Who the visitor says they are for the paywall. `verified` is true only after this browser
 * completed a paid checkout, and then `customer` names the Stripe customer that checkout paid as:
 * the cookie proves that customer, not the email, which was only typed. A merely typed email
 * counts for the free-view limit but never unlocks anything.
 */
export interface SubscriberIdentity {
  email: string;
  verified: boolean;
  customer: string | null;
  /**
   * A verified cookie written before cookies named their customer. It was issued by this browser's
   * own paid checkout when each email had one customer, so it stands for the email's first one.
   */
  namesNoCustomer?: true;
}

export function readSubscriber(cookies: AstroCookies): SubscriberIdentity | null {
  const value = verifySignedValue(cookies.get(SUBSCRIBER_COOKIE)?.value);
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<SubscriberIdentity>;
    if (typeof parsed.email !== 'string') return null;
    const customer = typeof parsed.customer === 'string' && parsed.customer ? parsed.customer : null;
    const verified = parsed.verified === true && customer !== null;
    if (parsed.verified === true && !verified) return { email: parsed.email, verified: false, customer: null, namesNoCustomer: true };
    return { email: parsed.email, verified, customer: verified ? customer : null };
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
  writeSubscriber(cookies, { email, verified: false, customer: null }, secure);
}
