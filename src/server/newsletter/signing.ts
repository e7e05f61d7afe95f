import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';
import { database } from '../db/database';
import { storedSecret } from '../db/app-secrets';
import { sameSecret } from '../http/same-secret';

/**
 * Signed per-subscriber links: `<subscriber id>.<HMAC over purpose, id and address>`. The
 * purpose is signed too, so an unsubscribe token can never be used as a confirmation token or
 * the other way round, and the address itself stays out of the link.
 */
export type LinkPurpose = 'unsubscribe' | 'confirm';

/** Made by migration 0005; the links sent by `npm run newsletter:send` work on every instance. */
const KEY_NAME = 'newsletter-unsubscribe';
const signingKey = () => storedSecret(KEY_NAME);

function mac(key: string, purpose: LinkPurpose, id: number, email: string): string {
  return createHmac('sha256', key).update(`${purpose}:${id}:${email}`).digest('base64url');
}

export const SUBSCRIBER_TOKEN_PATTERN = /^[1-9]\d{0,15}\.[A-Za-z0-9_-]{43}$/;

export async function subscriberToken(purpose: LinkPurpose, subscriber: { id: number; email: string }): Promise<string> {
  return `${subscriber.id}.${mac(await signingKey(), purpose, subscriber.id, subscriber.email)}`;
}

export interface SignedSubscriber {
  id: number;
  email: string;
  isActive: boolean;
  confirmationRequestedAt: Date | null;
}

/** The subscriber a token was issued to for this purpose, or null when it is malformed, altered, forged or for another purpose. */
export async function subscriberForSignedToken(purpose: LinkPurpose, token: string): Promise<SignedSubscriber | null> {
  if (!SUBSCRIBER_TOKEN_PATTERN.test(token)) return null;
  const [idText, signature] = token.split('.') as [string, string];
  const db = await database();
  const [subscriber] = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      isActive: newsletterSubscribers.isActive,
      confirmationRequestedAt: newsletterSubscribers.confirmationRequestedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, Number(idText)));
  if (!subscriber) return null;
  return sameSecret(signature, mac(await signingKey(), purpose, subscriber.id, subscriber.email)) ? subscriber : null;
}

/** `<site>/<path>?token=…` */
export function signedLink(siteUrl: string, path: string, token: string): string {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return new URL(`${path}?token=${encodeURIComponent(token)}`, base).toString();
}
