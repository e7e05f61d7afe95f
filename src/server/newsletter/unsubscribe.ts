import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';
import { database } from '../db/database';
import { signedLink, subscriberForSignedToken, subscriberToken, type SignedSubscriber } from './signing';

/** The token in every issue's unsubscribe links. */
export async function unsubscribeToken(subscriber: { id: number; email: string }): Promise<string> {
  return subscriberToken('unsubscribe', subscriber);
}

/** The subscriber an unsubscribe token was issued for, or null when it is malformed, altered or forged. */
export async function subscriberForToken(token: string): Promise<SignedSubscriber | null> {
  return subscriberForSignedToken('unsubscribe', token);
}

/**
 * Unsubscribes the holder of a valid token; null for a bad token. A confirmation still pending
 * (someone may have re-subscribed the address) is dropped too: the reader has just said no.
 */
export async function unsubscribeByToken(token: string): Promise<{ email: string } | null> {
  const subscriber = await subscriberForToken(token);
  if (!subscriber) return null;
  const db = await database();
  await db.update(newsletterSubscribers).set({ isActive: false, confirmationRequestedAt: null }).where(eq(newsletterSubscribers.id, subscriber.id));
  return { email: subscriber.email };
}

/** The page a reader opens from the email, and the RFC 8058 one-click address mail clients POST to. */
export function unsubscribeUrls(siteUrl: string, token: string): { page: string; oneClick: string } {
  return { page: signedLink(siteUrl, 'unsubscribe', token), oneClick: signedLink(siteUrl, 'api/newsletter/unsubscribe', token) };
}
