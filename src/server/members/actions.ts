import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { newsletterSubscribers, subscribers, subscriptionPayments } from '../../../db/schema';
import { MONEY_BACK_DAYS } from '../../lib/constants';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { historyEntry, historyEntryIfChanged, type Actor } from '../admin/history';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { enqueueConfirmation } from '../newsletter/outbox';
import { statusFromStripe } from '../subscriptions/subscriptions';
import { recordFunnel } from './funnel';
import { moneyOf } from './money';

const DAY_MS = 86_400_000;

async function subscriptionRow(subscriptionId: string) {
  const db = await database();
  const [row] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId)).limit(1);
  if (!row) throw new HttpError(404, 'No subscription with that id.');
  return row;
}

/**
 * The 30-day money-back guarantee: the newest payment of a subscription, made within 30 days, is
 * given back in full through Stripe's refunds API and the subscription ends at once.
 */
export async function refundSubscription(actor: Actor, subscriptionId: string, now = new Date()) {
  const row = await subscriptionRow(subscriptionId);
  const db = await database();
  const [payment] = await db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId))
    .orderBy(desc(subscriptionPayments.paidAt))
    .limit(1);
  if (!payment || payment.amountRefunded >= payment.amountPaid) throw new HttpError(409, 'There is no payment left to refund on this subscription.');
  if (now.getTime() - payment.paidAt.getTime() > MONEY_BACK_DAYS * DAY_MS) {
    throw new HttpError(409, `The ${MONEY_BACK_DAYS}-day money-back guarantee has passed for this payment. Refund it in Stripe's dashboard if you still want to.`);
  }
  const stripe = requireStripe();
  let refundId: string;
  let ended;
  try {
    const intent = payment.paymentIntentId ?? (await paymentIntentOf(payment.invoiceId));
    const refund = await stripe.refunds.create(
      { payment_intent: intent, reason: 'requested_by_customer', metadata: { invoice: payment.invoiceId, subscription: subscriptionId } },
      { idempotencyKey: `refund-${payment.invoiceId}` },
    );
    refundId = refund.id;
    await db.update(subscriptionPayments).set({ paymentIntentId: intent }).where(eq(subscriptionPayments.invoiceId, payment.invoiceId));
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    ended = current.status === 'canceled' ? current : await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    throw stripeFailure(error);
  }
  const amount = payment.amountPaid - payment.amountRefunded;
  await db.batch([
    db.update(subscriptionPayments).set({ amountRefunded: payment.amountPaid, refundedAt: now }).where(eq(subscriptionPayments.invoiceId, payment.invoiceId)),
    db
      .update(subscribers)
      .set({ ...moneyOf(ended), subscriptionStatus: statusFromStripe(ended.status) })
      .where(eq(subscribers.stripeSubscriptionId, subscriptionId)),
    historyEntry(db, actor, {
      kind: 'member',
      subjectId: row.email,
      subjectLabel: row.email,
      event: 'refunded',
      before: { subscription: subscriptionId, status: row.subscriptionStatus },
      after: { subscription: subscriptionId, status: 'canceled', refund: refundId, amount, currency: payment.currency },
    }),
  ]);
  await recordFunnel('refunded', { subscriptionId, at: now });
  return { refunded: amount, currency: payment.currency, refund: refundId, status: 'canceled' as const };
}

async function paymentIntentOf(invoiceId: string): Promise<string> {
  const payments = await requireStripe().invoicePayments.list({ invoice: invoiceId, limit: 1 });
  const intent = payments.data[0]?.payment?.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (!id) throw new HttpError(409, 'Stripe has no card payment for this invoice to refund.');
  return id;
}

/** Cancels at the end of the paid period: access stays until then, and Stripe charges no more. */
export async function cancelAtPeriodEnd(actor: Actor, subscriptionId: string) {
  const row = await subscriptionRow(subscriptionId);
  if (row.subscriptionStatus !== 'active') throw new HttpError(409, 'This subscription is not active.');
  if (row.cancelAt) throw new HttpError(409, 'This subscription already ends at the end of its period.');
  let updated;
  try {
    updated = await requireStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  } catch (error) {
    throw stripeFailure(error);
  }
  const db = await database();
  const money = moneyOf(updated);
  await db.batch([
    db
      .update(subscribers)
      .set({ ...money, subscriptionStatus: statusFromStripe(updated.status) })
      .where(eq(subscribers.stripeSubscriptionId, subscriptionId)),
    historyEntry(db, actor, {
      kind: 'member',
      subjectId: row.email,
      subjectLabel: row.email,
      event: 'cancelled at period end',
      before: { subscription: subscriptionId, cancelAt: null },
      after: { subscription: subscriptionId, cancelAt: money.cancelAt?.toISOString() ?? null },
    }),
  ]);
  return { cancelAt: money.cancelAt };
}

/** Complimentary access until a date: a membership with no Stripe subscription, given by staff. */
export async function giveComplimentary(actor: Actor, email: string, until: Date, now = new Date()) {
  if (until.getTime() <= now.getTime()) throw new HttpError(400, 'Choose a date in the future.');
  const address = email.trim().toLowerCase();
  const db = await database();
  const [existing] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.email, address), isNull(subscribers.stripeSubscriptionId), sql`${subscribers.compUntil} IS NOT NULL`))
    .limit(1);
  const change = {
    kind: 'member' as const,
    subjectId: address,
    subjectLabel: address,
    event: 'complimentary access given',
    before: existing ? { compUntil: existing.compUntil?.toISOString() ?? null } : null,
    after: { compUntil: until.toISOString() },
  };
  if (existing) {
    await db.batch([
      db.update(subscribers).set({ compUntil: until, subscriptionStatus: 'active', stripeStatus: 'complimentary' }).where(eq(subscribers.id, existing.id)),
      historyEntry(db, actor, change),
    ]);
  } else {
    await db.batch([
      db.insert(subscribers).values({ email: address, subscriptionStatus: 'active', stripeStatus: 'complimentary', compUntil: until, startedAt: now }),
      historyEntry(db, actor, change),
    ]);
  }
  return { email: address, compUntil: until };
}

/** Queues the newsletter confirmation email again for an address still waiting to confirm. */
export async function resendConfirmation(actor: Actor, email: string, siteUrl: string, now = new Date()) {
  const address = email.trim().toLowerCase();
  const db = await database();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address)).limit(1);
  if (!row) throw new HttpError(404, 'This address is not on the newsletter list.');
  if (row.isActive) throw new HttpError(409, 'This address has already confirmed.');
  const [, queued] = await db.batch([
    db
      .update(newsletterSubscribers)
      .set({ confirmationRequestedAt: sql`coalesce(${newsletterSubscribers.confirmationRequestedAt}, ${now.getTime()})` })
      .where(eq(newsletterSubscribers.id, row.id)),
    db.run(enqueueConfirmation(address, siteUrl, now)),
    historyEntryIfChanged(db, actor, { kind: 'member', subjectId: address, subjectLabel: address, event: 'newsletter confirmation resent' }),
  ]);
  if (queued.rowsAffected === 0) throw new HttpError(409, 'A confirmation went out in the last 10 minutes or is waiting to go out. Try again later.');
  return { queued: true };
}
