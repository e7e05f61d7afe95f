import { and, eq, inArray } from 'drizzle-orm';
import { gifts, subscribers } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { MONEY_BACK_DAYS } from '../../lib/constants';

const DAY_MS = 86_400_000;

/** Whether a gift can be refunded from the member page now: paid or redeemed, within the money-back days, not an extension. */
export function giftRefundable(gift: Pick<typeof gifts.$inferSelect, 'state' | 'paidAt' | 'extendedSubscriptionId' | 'paymentIntentId'>, now = new Date()): boolean {
  return (
    (gift.state === 'paid' || gift.state === 'redeemed') &&
    gift.paidAt !== null &&
    gift.paymentIntentId !== null &&
    gift.extendedSubscriptionId === null &&
    now.getTime() - gift.paidAt.getTime() <= MONEY_BACK_DAYS * DAY_MS
  );
}

/**
 * Gives a gift's payment back in full (Stripe's refund on its payment intent) within the money-back
 * days, and ends what it gave: a link not yet used stops working, and a redeemed gift's access ends
 * now. A gift that moved a paying member's next charge back is refunded in Stripe's dashboard, since
 * undoing that means changing their subscription. Stripe first (one refund per gift, whatever the
 * retries); then the gift, its access and the History entry in one batch, written once.
 */
export async function refundGift(actor: NonNullable<Actor>, giftId: number, now = new Date()) {
  const db = await database();
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, giftId));
  if (!gift) throw new HttpError(404, 'There is no such gift.');
  if (gift.state === 'refunded') throw new HttpError(409, 'This gift has already been refunded.');
  if (gift.state === 'pending' || !gift.paidAt || !gift.paymentIntentId) throw new HttpError(409, 'This gift has not been paid for, so there is nothing to refund.');
  if (gift.extendedSubscriptionId) {
    throw new HttpError(409, "This gift moved a paying member's next charge back. Refund it in Stripe's dashboard and change their subscription there.");
  }
  if (!giftRefundable(gift, now)) {
    throw new HttpError(409, `The ${MONEY_BACK_DAYS}-day money-back guarantee has passed for this gift. Refund it in Stripe's dashboard if you still want to.`);
  }
  let refundId: string;
  try {
    const refund = await requireStripe().refunds.create(
      { payment_intent: gift.paymentIntentId, reason: 'requested_by_customer', metadata: { gift: String(gift.id) } },
      { idempotencyKey: `refund-gift-${gift.id}` },
    );
    refundId = refund.id;
  } catch (error) {
    throw stripeFailure(error);
  }
  const accessEnds = gift.subscriberId
    ? [
        db
          .update(subscribers)
          .set({ compUntil: now })
          .where(and(eq(subscribers.id, gift.subscriberId), eq(subscribers.stripeStatus, 'gift'))),
      ]
    : [];
  await db.batch([
    db
      .update(gifts)
      .set({ state: 'refunded' })
      .where(and(eq(gifts.id, gift.id), inArray(gifts.state, ['paid', 'redeemed']))),
    historyEntryIfChanged(db, actor, {
      kind: 'gift',
      subjectId: gift.id,
      subjectLabel: gift.recipientEmail,
      event: 'refunded',
      before: { state: gift.state },
      after: { state: 'refunded', refund: refundId, amount: gift.amount, currency: gift.currency, buyer: gift.buyerEmail },
    }),
    ...accessEnds,
  ]);
  return { refunded: gift.amount, currency: gift.currency, refund: refundId };
}
