import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, nowMs } from './columns';
import { spots } from './spots';

/**
 * Stripe subscriptions, one row each: the email the checkout was made for, the Stripe customer
 * that pays it and its state. An email may have several rows under different customers (anyone can
 * type any address into checkout); they are joined only once the email is proven
 * (docs/decisions/018-stripe-customer-ownership.md).
 */
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    name: text('name'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    isFoundingMember: integer('is_founding_member', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    /** The money, as Stripe's webhooks last told it: price, amount in minor units, interval. */
    priceId: text('price_id'),
    amount: integer('amount'),
    currency: text('currency'),
    interval: text('interval', { enum: ['day', 'week', 'month', 'year'] }),
    intervalCount: integer('interval_count'),
    /** A discount on the subscription: percent or amount off, and Stripe's duration (once, repeating, forever). */
    discountPercentOff: integer('discount_percent_off'),
    discountAmountOff: integer('discount_amount_off'),
    discountDuration: text('discount_duration'),
    /** Stripe's own status word (active, past_due, canceled…); `subscription_status` is what unlocks. */
    stripeStatus: text('stripe_status'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    cancelAt: integer('cancel_at', { mode: 'timestamp_ms' }),
    canceledAt: integer('canceled_at', { mode: 'timestamp_ms' }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    /** Complimentary access given by staff (no Stripe subscription): active until this instant. */
    compUntil: integer('comp_until', { mode: 'timestamp_ms' }),
    /** The page whose checkout made this subscription (spot or Story by slug, launch, home). */
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    /** The offer code a checkout applied (its own page or a code typed at checkout), for redemptions per offer. */
    offerCode: text('offer_code'),
  },
  (t) => [
    index('subscribers_email_idx').on(t.email),
    index('subscribers_started_idx').on(t.startedAt),
    index('subscribers_ended_idx').on(t.endedAt),
    uniqueIndex('subscribers_subscription_unique').on(t.stripeSubscriptionId),
    index('subscribers_customer_idx').on(t.stripeCustomerId),
    // The members list and a member's page join people by lower-cased email.
    index('subscribers_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * People who signed in: a Clerk user (verified by Clerk) or a demo sign-in (an email typed into
 * the demo form, never verified). Loves, visits, views and saved spots are recorded against them.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ['clerk', 'demo'] }).notNull(),
    /** Clerk's user id, or the demo sign-in's email in lower case. */
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_provider_subject_idx').on(t.provider, t.subject), index('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const userEngagements = sqliteTable(
  'user_engagements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    engagementType: text('engagement_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_engagements_spot_idx').on(t.spotId),
    index('user_engagements_session_idx').on(t.sessionId, t.engagementType),
    index('user_engagements_user_idx').on(t.userId),
    // Love and Been-here are one-way: at most one of each per visitor session and spot.
    uniqueIndex('user_engagements_once_idx')
      .on(t.sessionId, t.spotId, t.engagementType)
      .where(sql`engagement_type in ('love', 'visit')`),
  ],
);

/** A user's saved spots: one row per user and spot, so saving twice changes nothing. */
export const savedSpots = sqliteTable(
  'saved_spots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spotId] }), index('saved_spots_user_idx').on(t.userId, t.createdAt)],
);

/** Stripe webhook events already handled, so a redelivery changes nothing twice. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: integer('processed_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
});

/**
 * Checkout sessions that have unlocked a browser. A session does so once, and only for the
 * browser that started it (docs/decisions/011-subscription-links.md); webhooks activate the
 * subscription itself whoever holds the link. The customer and subscription are what that browser
 * proved it pays for (null on rows from before they were recorded).
 */
export const checkoutActivations = sqliteTable('checkout_activations', {
  sessionId: text('session_id').primaryKey(),
  email: text('email').notNull(),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  activatedAt: integer('activated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
});

export type Subscriber = typeof subscribers.$inferSelect;
export type User = typeof users.$inferSelect;
