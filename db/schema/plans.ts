import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * Offers an Editor runs: a discount (percent or amount off, once / for N months / forever) backed by
 * a Stripe coupon and promotion code, or a free trial of N days (Checkout's
 * `subscription_data.trial_period_days`, no coupon). `code` is both the page address
 * (`/offer/{code}`) and the promotion code readers can type at checkout.
 */
export const OFFER_KINDS = ['percent', 'amount', 'trial'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type OfferDuration = (typeof OFFER_DURATIONS)[number];

export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    percentOff: integer('percent_off'),
    /** Minor units, in `currency`. */
    amountOff: integer('amount_off'),
    currency: text('currency'),
    duration: text('duration', { enum: OFFER_DURATIONS }),
    durationMonths: integer('duration_months'),
    trialDays: integer('trial_days'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    maxRedemptions: integer('max_redemptions'),
    stripeCouponId: text('stripe_coupon_id'),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offers_code_unique').on(t.code)],
);

/**
 * Memberships bought as gifts: paid once (Checkout in payment mode) for someone's email, redeemed
 * once through an emailed link. The link's token is signed, never stored (src/server/plans/gift-links.ts).
 */
export const GIFT_MONTHS = [1, 3, 12] as const;
/** `refunded`: the buyer's money went back (within the money-back days) and any access it gave ended. */
export const GIFT_STATES = ['pending', 'paid', 'redeemed', 'refunded'] as const;

export const gifts = sqliteTable(
  'gifts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    months: integer('months').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    state: text('state', { enum: GIFT_STATES }).notNull().default('pending'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    redeemedAt: integer('redeemed_at', { mode: 'timestamp_ms' }),
    /** The `subscribers` row the redemption made (its access ends at that row's `comp_until`). */
    subscriberId: integer('subscriber_id'),
    /** A paying member's redemption pushes their next charge back instead (see ADR 028). */
    extendedSubscriptionId: text('extended_subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gifts_checkout_unique').on(t.checkoutSessionId), index('gifts_state_idx').on(t.state, t.paidAt)],
);
