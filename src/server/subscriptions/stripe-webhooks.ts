import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import { stripeEvents } from '../../../db/schema';
import { recordPaidCheckout } from './checkout';
import { config } from '../config';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeId } from '../adapters/stripe';
import { saveSubscription, updateSubscriptionStatus } from './subscriptions';
import { recordChargeRefunded, recordInvoicePaid } from '../members/payments';
import { recordGiftPayment } from '../plans/gifts';

/** Verifies Stripe's signature over the raw body; anything else is a 400 and changes nothing. */
export function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = config().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(503, 'Stripe webhooks are not configured on this server.');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = requireStripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature.');
  }
  if (!EventEnvelope.safeParse(event).success) throw new HttpError(400, 'Not a Stripe event.');
  return event;
}

/** The parts of an event the handler relies on, checked before anything is read from it. */
const EventEnvelope = z.object({
  id: z.string().startsWith('evt_').max(255),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.object({ id: z.string().optional() }).loose() }),
});

/**
 * Events arrive at least once and in any order, so each one only tells us *what* changed; the
 * current state is read back from Stripe before it is saved.
 */
async function syncSubscription(subscriptionId: string): Promise<void> {
  const stripe = requireStripe();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] });
  if ((await updateSubscriptionStatus(subscription)) > 0) return;
  // Not recorded yet (this event beat checkout.session.completed): recorded as its own row under
  // its own customer, with the email it was bought for. That email unlocks it only once proven.
  const customerId = stripeId(subscription.customer);
  const customer = customerId ? await stripe.customers.retrieve(customerId) : null;
  const email = subscription.metadata?.email || (customer && !customer.deleted ? customer.email : null);
  if (email) await saveSubscription(email.trim().toLowerCase(), subscription);
}

async function apply(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'payment') return recordGiftPayment(session.id);
      if (session.mode !== 'subscription') return;
      try {
        await recordPaidCheckout(session.id);
      } catch (error) {
        // Unpaid or no longer active: the subscription events carry the rest of the story.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      }
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(event.data.object.id);
    case 'invoice.paid':
      await recordInvoicePaid(event.data.object);
      return syncInvoiceSubscription(event.data.object);
    case 'invoice.payment_failed':
      return syncInvoiceSubscription(event.data.object);
    case 'charge.refunded':
      return recordChargeRefunded(event.data.object);
    default:
      return;
  }
}

async function syncInvoiceSubscription(invoice: Stripe.Invoice): Promise<void> {
  const subscription = stripeId(invoice.parent?.subscription_details?.subscription);
  if (subscription) await syncSubscription(subscription);
}

/** Handles one verified event exactly once; a failure leaves it unrecorded so Stripe retries. */
export async function handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean }> {
  const db = await database();
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { duplicate: true };
  await apply(event);
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { duplicate: false };
}
