import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutActivations } from '../../../db/schema';
import { BINDING_METADATA_KEY } from './checkout-binding';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure, stripeId } from '../adapters/stripe';
import { saveSubscription } from './subscriptions';
import { chooseSubscriptionPrice } from './pricing';
import { attributeCheckout } from '../members/funnel';
import { offerCodeForPromotion, type OfferRow } from '../plans/offers';
import type { Plan } from '../../lib/offer';

/**
 * Starts a Stripe Checkout Session in subscription mode; answers the hosted page's address.
 * `binding` is the hash that ties the session to the starting browser (checkout-binding.ts).
 * `customer` is a Stripe customer already proven to be this visitor's (billingCustomer), or null:
 * then Stripe makes a new customer for this checkout. A typed email never picks a customer, since
 * anyone can type anyone's address (docs/decisions/018-stripe-customer-ownership.md).
 */
export async function createCheckout(input: {
  email: string;
  priceId?: string;
  origin: string;
  returnPath: string;
  binding: string;
  customer: string | null;
  plan?: Plan;
  /** An open offer (openOffer checked it): its discount or trial is applied; else the reader may type a code. */
  offer?: OfferRow | null;
}): Promise<{ url: string; id: string }> {
  const stripe = requireStripe();
  const price = chooseSubscriptionPrice(input.priceId, new Date(), input.plan);
  const offer = input.offer ?? null;
  const tagged: Record<string, string> = offer ? { offer: offer.code } : {};
  // Stripe takes either a discount or the code box, never both.
  const discount = offer?.stripePromotionCodeId ? { discounts: [{ promotion_code: offer.stripePromotionCodeId }] } : offer ? {} : { allow_promotion_codes: true };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      ...(input.customer ? { customer: input.customer } : { customer_email: input.email }),
      line_items: [{ price, quantity: 1 }],
      success_url: `${input.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.origin}${input.returnPath}`,
      client_reference_id: input.email,
      metadata: { email: input.email, [BINDING_METADATA_KEY]: input.binding, ...tagged },
      ...discount,
      subscription_data: {
        metadata: { email: input.email, ...tagged },
        ...(offer?.kind === 'trial' && offer.trialDays ? { trial_period_days: offer.trialDays } : {}),
      },
    });
    if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page.');
    return { url: session.url, id: session.id };
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
export async function recordPaidCheckout(sessionId: string): Promise<ActivatedCheckout & { binding: string | null; customer: string; subscription: string }> {
  const stripe = requireStripe();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription', 'subscription.discounts'] });
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
  const customer = stripeId(subscription.customer);
  if (!customer) throw new HttpError(409, 'This checkout has no customer.');
  // The offer: its own page tags the metadata; a code typed at checkout is the session's promotion code.
  const promotion = session.discounts?.[0]?.promotion_code;
  const offerCode = session.metadata?.offer ?? (await offerCodeForPromotion(typeof promotion === 'string' ? promotion : (promotion?.id ?? null)));
  const saved = await saveSubscription(email, subscription, offerCode);
  if (!saved.isActive) throw new HttpError(409, 'This subscription is not active.');
  await attributeCheckout(session.id, subscription.id);
  return {
    email,
    isActive: true,
    isFoundingMember: saved.isFoundingMember,
    binding: session.metadata?.[BINDING_METADATA_KEY] ?? null,
    customer,
    subscription: subscription.id,
  };
}

export const CHECKOUT_LINK_USED = 'This checkout link has already been used. Open the site in the browser you subscribed from, or sign in with your subscription email.';
export const CHECKOUT_OTHER_BROWSER =
  'Your subscription is active, but this checkout was started in another browser, so it cannot unlock this one. Open the site in the browser you subscribed from, or sign in with your subscription email.';

async function alreadyActivated(sessionId: string): Promise<boolean> {
  const db = await database();
  const [row] = await db.select({ sessionId: checkoutActivations.sessionId }).from(checkoutActivations).where(eq(checkoutActivations.sessionId, sessionId));
  return Boolean(row);
}

/** The browser returning to /success: whether it started a checkout, and how to unlock it. */
export interface ReturningBrowser {
  startedHere: (binding: string | null) => boolean;
  /** Gives the browser its proof: the email the checkout was for and the customer that paid. */
  unlock: (proof: { email: string; customer: string }) => void;
}

/**
 * Activates a paid checkout for the browser returning to /success, once: the browser is unlocked
 * for the customer that checkout paid as, and only when the session's binding belongs to it. The
 * subscription is saved first in any case, so a payment is never lost to a refused link.
 */
export async function activateCheckoutForBrowser(sessionId: string, browser: ReturningBrowser): Promise<ActivatedCheckout> {
  if (await alreadyActivated(sessionId)) throw new HttpError(409, CHECKOUT_LINK_USED);
  const { binding, customer, subscription, ...activated } = await recordPaidCheckout(sessionId);
  if (!browser.startedHere(binding)) throw new HttpError(403, CHECKOUT_OTHER_BROWSER);
  const db = await database();
  const claimed = await db
    .insert(checkoutActivations)
    .values({ sessionId, email: activated.email, stripeCustomerId: customer, stripeSubscriptionId: subscription })
    .onConflictDoNothing()
    .returning({ sessionId: checkoutActivations.sessionId });
  if (!claimed.length) throw new HttpError(409, CHECKOUT_LINK_USED);
  browser.unlock({ email: activated.email, customer });
  return activated;
}
