import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets, newsletterSubscribers } from '../../db/schema';
import { database } from './db';
import { sameSecret } from './same-secret';

const KEY_NAME = 'newsletter-unsubscribe';
let cachedKey: string | undefined;

/**
 * The key that signs unsubscribe links. It lives in the database (migration 0005 makes it), so
 * links sent by `npm run newsletter:send` work on every server instance and keep working when
 * session secrets rotate. The insert covers a database whose key row was removed by hand.
 */
async function signingKey(): Promise<string> {
  if (cachedKey) return cachedKey;
  const db = await database();
  await db.insert(appSecrets).values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error('The newsletter signing key could not be stored.');
  cachedKey = row.value;
  return cachedKey;
}

function mac(key: string, id: number, email: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${id}:${email}`).digest('base64url');
}

/** `<subscriber id>.<signature over id and address>`: the address itself stays out of the link. */
export async function unsubscribeToken(subscriber: { id: number; email: string }): Promise<string> {
  return `${subscriber.id}.${mac(await signingKey(), subscriber.id, subscriber.email)}`;
}

export const UNSUBSCRIBE_TOKEN_PATTERN = /^[1-9]\d{0,15}\.[A-Za-z0-9_-]{43}$/;

/** The subscriber a token was issued for, or null when it is malformed, altered or forged. */
export async function subscriberForToken(token: string): Promise<{ id: number; email: string; isActive: boolean } | null> {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null;
  const [idText, signature] = token.split('.') as [string, string];
  const id = Number(idText);
  const db = await database();
  const [subscriber] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, isActive: newsletterSubscribers.isActive })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!subscriber) return null;
  return sameSecret(signature, mac(await signingKey(), subscriber.id, subscriber.email)) ? subscriber : null;
}

/** Sets the subscriber of a valid token active or inactive; null for a bad token. */
export async function setSubscriptionByToken(token: string, active: boolean): Promise<{ email: string; isActive: boolean } | null> {
  const subscriber = await subscriberForToken(token);
  if (!subscriber) return null;
  const db = await database();
  await db
    .update(newsletterSubscribers)
    .set({ isActive: active })
    .where(eq(newsletterSubscribers.id, subscriber.id));
  return { email: subscriber.email, isActive: active };
}

/** The page a reader opens from the email, and the RFC 8058 one-click address mail clients POST to. */
export function unsubscribeUrls(siteUrl: string, token: string): { page: string; oneClick: string } {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  const query = `?token=${encodeURIComponent(token)}`;
  return { page: new URL(`unsubscribe${query}`, base).toString(), oneClick: new URL(`api/newsletter/unsubscribe${query}`, base).toString() };
}
