import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { gifts, subscribers } from '../../../db/schema';
import { database } from '../db/database';
import { config } from '../config';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { historyEntry } from '../admin/history';
import { SITE_NAME } from '../../lib/constants';
import { giftIdOf, giftToken, verifyGiftToken } from './gift-links';
import { mailGift } from './gift-mail';
import type { PaymentProof } from '../subscriptions/subscriptions';
import { BINDING_METADATA_KEY } from '../subscriptions/checkout-binding';

export const GIFT_MONTH_CHOICES = [1, 3, 12] as const;
export type GiftMonths = (typeof GIFT_MONTH_CHOICES)[number];
export type GiftRow = typeof gifts.$inferSelect;

export const GIFT_LINK_INVALID = 'This gift link is not valid. Check that you opened the whole link from the email.';
export const GIFT_ALREADY_REDEEMED = 'This gift has already been redeemed.';
export const GIFT_NOT_PAID = 'This gift has not been paid for yet. Try again in a few minutes.';
export const GIFT_REFUNDED = 'This gift was refunded, so it can no longer be redeemed.';

/** Gift of `months` starting at `from`: the same day of the month, `months` later (UTC, clamped to the month's end). */
export function giftEnd(from: Date, months: number): Date {
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/**
 * What a gift of each length costs: the regular monthly price times the months, and a year at the
 * yearly plan's price when one is configured (the same saving as subscribing yearly).
 */
export async function giftPrices(): Promise<{ months: GiftMonths; amount: number; currency: string }[]> {
  const { STRIPE_PRICE_ID, STRIPE_YEARLY_PRICE_ID } = config();
  const stripe = requireStripe();
  let monthly: Stripe.Price;
  let yearly: Stripe.Price | null = null;
  try {
    [monthly, yearly] = await Promise.all([stripe.prices.retrieve(STRIPE_PRICE_ID[0]!), STRIPE_YEARLY_PRICE_ID ? stripe.prices.retrieve(STRIPE_YEARLY_PRICE_ID) : null]);
  } catch (error) {
    throw stripeFailure(error);
  }
  const each = monthly.unit_amount ?? 0;
  return GIFT_MONTH_CHOICES.map((months) => ({
    months,
    amount: months === 12 && yearly?.unit_amount ? yearly.unit_amount : each * months,
    currency: monthly.currency,
  }));
}

const monthsWords = (months: number) => `${months} month${months === 1 ? '' : 's'}`;

/** Starts a one-time Checkout for a gift; the gift row waits as `pending` until Stripe says it is paid. */
export async function startGiftCheckout(input: {
  months: GiftMonths;
  recipientEmail: string;
  buyerEmail: string;
  origin: string;
  /** Ties the return page's link to the buying browser (checkout-binding.ts). */
  binding: string;
}): Promise<{ url: string; id: string }> {
  const price = (await giftPrices()).find((p) => p.months === input.months)!;
  const stripe = requireStripe();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: input.buyerEmail,
      line_items: [
        {
          price_data: {
            currency: price.currency,
            unit_amount: price.amount,
            product_data: { name: `${SITE_NAME}: ${monthsWords(input.months)} of membership, as a gift` },
          },
          quantity: 1,
        },
      ],
      success_url: `${input.origin}/gift/sent?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.origin}/gift`,
      metadata: { gift: 'membership', months: String(input.months), recipient: input.recipientEmail, site: input.origin, [BINDING_METADATA_KEY]: input.binding },
      payment_intent_data: { metadata: { gift: 'membership', months: String(input.months) } },
    });
  } catch (error) {
    throw stripeFailure(error);
  }
  if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page.');
  const db = await database();
  await db.insert(gifts).values({
    months: input.months,
    recipientEmail: input.recipientEmail,
    buyerEmail: input.buyerEmail,
    amount: price.amount,
    currency: price.currency,
    checkoutSessionId: session.id,
  });
  return { url: session.url, id: session.id };
}

export const giftLink = async (origin: string, gift: GiftRow) => `${origin}/gift/${await giftToken(gift)}`;

/**
 * `checkout.session.completed` in payment mode: the gift is paid. The first delivery moves it to
 * `paid` (one guarded update, so redeliveries mail nobody twice) and mails the recipient the link,
 * and the buyer a copy to forward. The state is read back from Stripe, not taken from the event.
 */
export async function recordGiftPayment(sessionId: string): Promise<void> {
  const stripe = requireStripe();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    throw stripeFailure(error);
  }
  if (session.mode !== 'payment' || session.metadata?.gift !== 'membership' || session.status !== 'complete' || session.payment_status !== 'paid') return;
  const db = await database();
  const now = new Date();
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const claimed = await db
    .update(gifts)
    .set({ state: 'paid', paidAt: now, paymentIntentId: paymentIntent })
    .where(and(eq(gifts.checkoutSessionId, session.id), eq(gifts.state, 'pending')))
    .returning();
  const gift = claimed[0];
  if (!gift) return;
  await historyEntry(db, null, {
    kind: 'gift',
    subjectId: gift.id,
    subjectLabel: gift.recipientEmail,
    event: 'bought',
    after: { months: gift.months, amount: gift.amount, currency: gift.currency, buyer: gift.buyerEmail },
  });
  const origin = config().SITE_URL?.replace(/\/+$/, '') ?? session.metadata?.site ?? '';
  await mailGift(gift, await giftLink(origin, gift));
}

/** The gift a link names, when its signature holds. */
export async function giftForToken(token: string): Promise<GiftRow | null> {
  const id = giftIdOf(token);
  if (id === null) return null;
  const db = await database();
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, id));
  return gift && (await verifyGiftToken(token, gift)) ? gift : null;
}

/** The paid, running Stripe subscription the visitor's proof covers, if any (a gift then extends it). */
async function payingSubscription(proof: PaymentProof | null): Promise<string | null> {
  if (!proof) return null;
  const byCustomer = proof.customer && !proof.customer.startsWith('gift_') ? eq(subscribers.stripeCustomerId, proof.customer) : undefined;
  const byEmail = proof.emailProven ? eq(subscribers.email, proof.email) : undefined;
  const covered = byCustomer && byEmail ? sql`(${byCustomer} OR ${byEmail})` : (byCustomer ?? byEmail);
  if (!covered) return null;
  const db = await database();
  const [row] = await db
    .select({ id: subscribers.stripeSubscriptionId })
    .from(subscribers)
    .where(and(covered, eq(subscribers.subscriptionStatus, 'active'), sql`${subscribers.stripeSubscriptionId} IS NOT NULL`, sql`${subscribers.cancelAt} IS NULL`))
    .orderBy(sql`${subscribers.id} desc`)
    .limit(1);
  return row?.id ?? null;
}

export type Redemption = { kind: 'access'; email: string; customer: string; until: Date } | { kind: 'extended'; email: string; subscription: string; nextCharge: Date };

/**
 * Redeems a gift once. Someone already paying (this browser's or the signed-in email's running
 * subscription) keeps it and has their next charge moved back by the gift's length (Stripe's
 * `trial_end`, no proration); anyone else gets access from now for exactly the gift's length, with
 * no card and nothing that renews, as a `subscribers` row of its own (`stripe_status` gift, access
 * until `comp_until`) that the redeeming browser's cookie proves, like a checkout's customer.
 */
export async function redeemGift(token: string, proof: PaymentProof | null, now = new Date()): Promise<Redemption> {
  const gift = await giftForToken(token);
  if (!gift) throw new HttpError(404, GIFT_LINK_INVALID);
  if (gift.state === 'pending') throw new HttpError(409, GIFT_NOT_PAID);
  if (gift.state === 'redeemed') throw new HttpError(409, GIFT_ALREADY_REDEEMED);
  if (gift.state === 'refunded') throw new HttpError(410, GIFT_REFUNDED);
  const db = await database();
  const paying = await payingSubscription(proof);
  if (paying) return extendPaidSubscription(gift, paying, proof!.email, now);
  const until = giftEnd(now, gift.months);
  const customer = `gift_${gift.id}`;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(gifts)
      .set({ state: 'redeemed', redeemedAt: now })
      .where(and(eq(gifts.id, gift.id), eq(gifts.state, 'paid')))
      .returning({ id: gifts.id });
    if (!claimed.length) throw new HttpError(409, GIFT_ALREADY_REDEEMED);
    const [row] = await tx
      .insert(subscribers)
      .values({
        email: gift.recipientEmail,
        stripeCustomerId: customer,
        subscriptionStatus: 'active',
        stripeStatus: 'gift',
        startedAt: now,
        compUntil: until,
        amount: null,
      })
      .returning({ id: subscribers.id });
    await tx.update(gifts).set({ subscriberId: row!.id }).where(eq(gifts.id, gift.id));
    await tx.run(
      sql`INSERT INTO history (at, actor_id, actor_name, kind, subject_id, subject_label, event, before, after, public_line)
        VALUES (${now.getTime()}, NULL, 'The guide', 'gift', ${String(gift.id)}, ${gift.recipientEmail}, 'redeemed', NULL,
        ${JSON.stringify({ months: gift.months, until: until.toISOString() })}, NULL)`,
    );
    return { kind: 'access' as const, email: gift.recipientEmail, customer, until };
  });
}

async function extendPaidSubscription(gift: GiftRow, subscriptionId: string, email: string, now: Date): Promise<Redemption> {
  const db = await database();
  const claimed = await db
    .update(gifts)
    .set({ state: 'redeemed', redeemedAt: now, extendedSubscriptionId: subscriptionId })
    .where(and(eq(gifts.id, gift.id), eq(gifts.state, 'paid')))
    .returning({ id: gifts.id });
  if (!claimed.length) throw new HttpError(409, GIFT_ALREADY_REDEEMED);
  const stripe = requireStripe();
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const periodEnd = Math.max(subscription.trial_end ?? 0, ...subscription.items.data.map((item) => item.current_period_end));
    const nextCharge = giftEnd(new Date(periodEnd * 1000), gift.months);
    await stripe.subscriptions.update(subscriptionId, { trial_end: Math.floor(nextCharge.getTime() / 1000), proration_behavior: 'none' });
    await historyEntry(db, null, {
      kind: 'gift',
      subjectId: gift.id,
      subjectLabel: gift.recipientEmail,
      event: 'redeemed',
      after: { months: gift.months, extended: subscriptionId, nextCharge: nextCharge.toISOString() },
    });
    return { kind: 'extended', email, subscription: subscriptionId, nextCharge };
  } catch (error) {
    // Stripe did not take the change: the gift stays redeemable.
    await db.update(gifts).set({ state: 'paid', redeemedAt: null, extendedSubscriptionId: null }).where(eq(gifts.id, gift.id));
    throw stripeFailure(error);
  }
}

export interface GiftFigures {
  bought: number;
  redeemed: number;
  waiting: number;
  /** Gift access running now (not counting gifts that extended a paid subscription). */
  active: number;
  /** Minor units paid for gifts. */
  revenue: number;
  currency: string | null;
}

/** Gifts for the dashboard: bought (paid), redeemed, waiting for their recipient, running now, money. */
export async function giftFigures(now = new Date()): Promise<GiftFigures> {
  const db = await database();
  const [row] = await db
    .select({
      bought: sql<number>`count(*) FILTER (WHERE ${gifts.state} IN ('paid', 'redeemed'))`,
      redeemed: sql<number>`count(*) FILTER (WHERE ${gifts.state} = 'redeemed')`,
      waiting: sql<number>`count(*) FILTER (WHERE ${gifts.state} = 'paid')`,
      revenue: sql<number>`coalesce(sum(${gifts.amount}) FILTER (WHERE ${gifts.state} IN ('paid', 'redeemed')), 0)`,
      currency: sql<string | null>`max(${gifts.currency})`,
    })
    .from(gifts);
  const [active] = await db
    .select({ n: sql<number>`count(*)` })
    .from(subscribers)
    .where(and(eq(subscribers.stripeStatus, 'gift'), sql`${subscribers.compUntil} > ${now.getTime()}`));
  return {
    bought: Number(row?.bought ?? 0),
    redeemed: Number(row?.redeemed ?? 0),
    waiting: Number(row?.waiting ?? 0),
    active: Number(active?.n ?? 0),
    revenue: Number(row?.revenue ?? 0),
    currency: row?.currency ?? null,
  };
}
