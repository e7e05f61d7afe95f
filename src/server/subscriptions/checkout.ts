import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutActivations } from '../../../db/schema';
import { BINDING_METADATA_KEY } from './checkout-binding';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { saveSubscription, userByEmail } from './subscriptions';
import { chooseSubscriptionPrice } from './pricing';

async function findOrCreateCustomer(stripe: Stripe, email: string): Promise<string> {
  const existing = await stripe.customers.list({ email, limit: 1 });
  if (existing.data[0]) return existing.data[0].id;
  const created = await stripe.customers.create({ email, metadata: { source: 'scottsdale-local-guide' } });
  return created.id;
}

/**
 * Starts a Stripe Checkout Session in subscription mode; answers the hosted page's address.
 * `binding` is the hash that ties the session to the starting browser (checkout-binding.ts).
 */
export async function createCheckout(input: { email: string; priceId?: string; origin: string; returnPath: string; binding: string }): Promise<{ url: string }> {
  const stripe = requireStripe();
  const price = chooseSubscriptionPrice(input.priceId);
  try {
    const customer = await findOrCreateCustomer(stripe, input.email);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: `${input.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.origin}${input.returnPath}`,
      client_reference_id: input.email,
      metadata: { email: input.email, [BINDING_METADATA_KEY]: input.binding },
      subscription_data: { metadata: { email: input.email } },
    });
    if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page.');
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error);
  }
}

function sessionEmail(session: Stripe.Checkout.Session): string | null {
  const email = session.customer_details?.email ?? session.customer_email ?? session.metadata?.email ?? null;
  return email ? email.trim().toLowerCase() : null;
}

export interface ActivatedCheckout {
  email: string;
  isActive: true;
  isFoundingMember: boolean;
}

/**
 * Saves the subscription bought in a Checkout Session: it must be complete and paid and its
 * subscription active. Safe to call again for the same session; webhooks use it whoever paid.
 */
export async function recordPaidCheckout(sessionId: string): Promise<ActivatedCheckout & { binding: string | null }> {
  const stripe = requireStripe();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
  } catch (error) {
    throw stripeFailure(error);
  }
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (session.mode !== 'subscription' || session.status !== 'complete' || !paid) {
    throw new HttpError(409, 'This checkout has not been paid yet.');
  }
  const subscription = session.subscription;
  if (!subscription || typeof subscription === 'string') throw new HttpError(409, 'This checkout has no subscription.');
  const email = sessionEmail(session);
  if (!email) throw new HttpError(409, 'This checkout has no email address.');
  const saved = await saveSubscription(email, subscription);
  if (!saved.isActive) throw new HttpError(409, 'This subscription is not active.');
  return { email, isActive: true, isFoundingMember: saved.isFoundingMember, binding: session.metadata?.[BINDING_METADATA_KEY] ?? null };
}

export const CHECKOUT_LINK_USED = 'This checkout link has already been used. Open the site in the browser you subscribed from, or sign in with your subscription email.';
export const CHECKOUT_OTHER_BROWSER =
  'Your subscription is active, but this checkout was started in another browser, so it cannot unlock this one. Open the site in the browser you subscribed from, or sign in with your subscription email.';

async function alreadyActivated(sessionId: string): Promise<boolean> {
  const db = await database();
  const [row] = await db.select({ sessionId: checkoutActivations.sessionId }).from(checkoutActivations).where(eq(checkoutActivations.sessionId, sessionId));
  return Boolean(row);
}

/**
 * Activates a paid checkout for the browser returning to /success, once: the caller may issue
 * the verified subscriber cookie only when this resolves. `startedHere` says whether the
 * session's binding belongs to this browser. The subscription is saved first in any case, so a
 * payment is never lost to a refused link.
 */
export async function activateCheckoutForBrowser(sessionId: string, startedHere: (binding: string | null) => boolean): Promise<ActivatedCheckout> {
  if (await alreadyActivated(sessionId)) throw new HttpError(409, CHECKOUT_LINK_USED);
  const { binding, ...activated } = await recordPaidCheckout(sessionId);
  if (!startedHere(binding)) throw new HttpError(403, CHECKOUT_OTHER_BROWSER);
  const db = await database();
  const claimed = await db
    .insert(checkoutActivations)
    .values({ sessionId, email: activated.email })
    .onConflictDoNothing()
    .returning({ sessionId: checkoutActivations.sessionId });
  if (!claimed.length) throw new HttpError(409, CHECKOUT_LINK_USED);
  return activated;
}

/** A Stripe billing portal session for a subscriber's customer. */
export async function billingPortal(email: string, returnUrl: string): Promise<{ url: string }> {
  const stripe = requireStripe();
  const user = await userByEmail(email);
  if (!user?.stripeCustomerId) throw new HttpError(404, 'No subscription was found for this email.');
  try {
    const portal = await stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId, return_url: returnUrl });
    return { url: portal.url };
  } catch (error) {
    throw stripeFailure(error);
  }
}
