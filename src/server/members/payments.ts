import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscriptionPayments } from '../../../db/schema';
import { database } from '../db/database';
import { stripeId } from '../adapters/stripe';

/** A paid invoice of a subscription, recorded once (a redelivery changes nothing). */
export async function recordInvoicePaid(invoice: Stripe.Invoice): Promise<void> {
  const subscription = stripeId(invoice.parent?.subscription_details?.subscription);
  if (!subscription || !invoice.id || invoice.amount_paid <= 0) return;
  const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
  const db = await database();
  await db
    .insert(subscriptionPayments)
    .values({
      invoiceId: invoice.id,
      stripeSubscriptionId: subscription,
      stripeCustomerId: stripeId(invoice.customer),
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      paidAt: new Date(paidAt * 1000),
    })
    .onConflictDoNothing();
}

/** A charge given back (in part or whole): the payment it belongs to shows how much went back. */
export async function recordChargeRefunded(charge: Stripe.Charge): Promise<void> {
  const intent = stripeId(charge.payment_intent);
  if (!intent) return;
  const db = await database();
  await db
    .update(subscriptionPayments)
    .set({ amountRefunded: charge.amount_refunded, refundedAt: sql`coalesce(${subscriptionPayments.refundedAt}, ${Date.now()})` })
    .where(eq(subscriptionPayments.paymentIntentId, intent));
}
