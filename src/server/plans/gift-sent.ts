import { eq } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { gifts } from '../../../db/schema';
import { database } from '../db/database';
import { config } from '../config';
import { requireStripe } from '../adapters/stripe';
import { BINDING_METADATA_KEY, startedInThisBrowser } from '../subscriptions/checkout-binding';
import { giftLink, recordGiftPayment } from './gifts';

/**
 * The buyer's return page: records the payment (the webhook may not have arrived yet; both are
 * safe to repeat) and answers the gift's link, but only to the browser that started the checkout.
 */
export async function giftAfterCheckout(sessionId: string, cookies: AstroCookies, origin: string) {
  if (!/^cs_(test|live)_[A-Za-z0-9]{1,250}$/.test(sessionId)) return null;
  const stripe = requireStripe();
  let binding: string | null = null;
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    binding = session.metadata?.[BINDING_METADATA_KEY] ?? null;
  } catch {
    return null;
  }
  if (!startedInThisBrowser(cookies, binding)) return null;
  await recordGiftPayment(sessionId);
  const db = await database();
  const [gift] = await db.select().from(gifts).where(eq(gifts.checkoutSessionId, sessionId));
  if (!gift || gift.state === 'pending') return null;
  const length = gift.months === 12 ? '1 year' : `${gift.months} month${gift.months === 1 ? '' : 's'}`;
  const { SMTP_URL, NEWSLETTER_FROM } = config();
  return { recipientEmail: gift.recipientEmail, length, link: await giftLink(origin, gift), mailed: Boolean(SMTP_URL && NEWSLETTER_FROM) };
}
