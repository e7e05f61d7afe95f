import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * The paywall funnel, recorded on the server: one row per step a visitor session took. It keeps the
 * visitor session id (the `sid` cookie the site already sets), never an address or a browser, so
 * conversion is measured without any tracker or extra cookie.
 */
export const FUNNEL_KINDS = ['free_view', 'limit_reached', 'dialog_opened', 'checkout_started', 'paid', 'cancelled', 'refunded'] as const;
export type FunnelKind = (typeof FUNNEL_KINDS)[number];
export const SOURCE_KINDS = ['spot', 'story', 'launch', 'home', 'other'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const funnelEvents = sqliteTable(
  'funnel_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: FUNNEL_KINDS }).notNull(),
    sessionId: text('session_id'),
    /** The page the step happened on: a spot or Story (by slug), the launch page, home. */
    sourceKind: text('source_kind', { enum: SOURCE_KINDS }),
    sourceId: text('source_id'),
    checkoutSessionId: text('checkout_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // Covering for the funnel's counts per step over a range (events and distinct visitor sessions).
    index('funnel_events_kind_created_session_idx').on(t.kind, t.createdAt, t.sessionId),
    index('funnel_events_session_idx').on(t.sessionId),
    index('funnel_events_checkout_idx').on(t.checkoutSessionId),
    index('funnel_events_subscription_idx').on(t.stripeSubscriptionId),
    // A subscription is paid, cancelled and refunded once each, however often Stripe says so.
    uniqueIndex('funnel_events_once_idx')
      .on(t.stripeSubscriptionId, t.kind)
      .where(sql`kind in ('paid', 'cancelled', 'refunded')`),
    index('funnel_events_created_idx').on(t.createdAt),
  ],
);

/** Each paid invoice of a subscription, and how much of it was given back. */
export const subscriptionPayments = sqliteTable(
  'subscription_payments',
  {
    invoiceId: text('invoice_id').primaryKey(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    paymentIntentId: text('payment_intent_id'),
    amountPaid: integer('amount_paid').notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }).notNull(),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('subscription_payments_subscription_idx').on(t.stripeSubscriptionId, t.paidAt), index('subscription_payments_intent_idx').on(t.paymentIntentId)],
);

export type FunnelEvent = typeof funnelEvents.$inferSelect;
export type SubscriptionPayment = typeof subscriptionPayments.$inferSelect;

/**
 * Labels staff put on a person (by lower-cased email, as the members list joins people), such as
 * "press" or "local business": the list filters by them and the CSV export carries them.
 */
export const memberLabels = sqliteTable(
  'member_labels',
  {
    email: text('email').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.label] }), index('member_labels_label_idx').on(t.label, t.email)],
);
export type MemberLabel = typeof memberLabels.$inferSelect;
