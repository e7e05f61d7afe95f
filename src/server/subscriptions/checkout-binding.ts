import { createHash, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { sameSecret } from '../http/same-secret';
import { signValue, verifySignedValue } from '../http/signed-value';

/**
 * Ties a Stripe Checkout Session to the browser that started it. The browser keeps a random
 * nonce in a signed httpOnly cookie; the session carries only the nonce's hash (in its metadata),
 * so the `/success?session_id=…` address alone, from a history or a shared link, unlocks nothing.
 */
export const CHECKOUT_COOKIE = 'checkout';
/** Stripe keeps an unpaid Checkout Session open for 24 hours. */
const CHECKOUT_COOKIE_SECONDS = 60 * 60 * 24;
export const BINDING_METADATA_KEY = 'checkout_binding';

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

function nonceOf(cookies: AstroCookies): string | null {
  return verifySignedValue(cookies.get(CHECKOUT_COOKIE)?.value);
}

/** The hash to store with a new checkout; the browser's nonce is made once and reused by later checkouts. */
export function bindCheckoutToBrowser(cookies: AstroCookies, secure: boolean): string {
  const nonce = nonceOf(cookies) ?? randomBytes(32).toString('base64url');
  cookies.set(CHECKOUT_COOKIE, signValue(nonce), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: CHECKOUT_COOKIE_SECONDS });
  return hashOf(nonce);
}

/** Whether this browser started the checkout whose metadata holds `binding`. */
export function startedInThisBrowser(cookies: AstroCookies, binding: string | null | undefined): boolean {
  const nonce = nonceOf(cookies);
  return Boolean(nonce && binding && sameSecret(hashOf(nonce), binding));
}
