import { createHmac } from 'node:crypto';
import { storedSecret } from '../db/app-secrets';
import { sameSecret } from '../http/same-secret';

/**
 * A gift's redeem link: `<gift id>.<HMAC over the gift, its recipient and its checkout>`, keyed by a
 * secret kept in the database (so every instance and the webhook make the same link). Nothing of
 * it is stored, so a copy of the database does not hold working links; it is single-use because
 * redeeming changes the gift's state in one guarded update.
 */
const KEY_NAME = 'gift-links';
const signingKey = () => storedSecret(KEY_NAME);

export interface SignedGift {
  id: number;
  recipientEmail: string;
  checkoutSessionId: string;
}

const mac = (key: string, gift: SignedGift) => createHmac('sha256', key).update(`gift:${gift.id}:${gift.recipientEmail}:${gift.checkoutSessionId}`).digest('base64url');

export const GIFT_TOKEN_PATTERN = /^[1-9]\d{0,15}\.[A-Za-z0-9_-]{43}$/;

export async function giftToken(gift: SignedGift): Promise<string> {
  return `${gift.id}.${mac(await signingKey(), gift)}`;
}

/** The gift id a token names when its signature holds for that gift, else null. */
export async function verifyGiftToken(token: string, gift: SignedGift | null): Promise<boolean> {
  if (!gift || !GIFT_TOKEN_PATTERN.test(token)) return false;
  const [idText, signature] = token.split('.') as [string, string];
  return Number(idText) === gift.id && sameSecret(signature, mac(await signingKey(), gift));
}

export const giftIdOf = (token: string): number | null => (GIFT_TOKEN_PATTERN.test(token) ? Number(token.split('.')[0]) : null);
