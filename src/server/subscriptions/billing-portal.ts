import { requireStripe, stripeFailure } from '../adapters/stripe';
import { HttpError } from '../http/responses';
import { billingCustomer, type PaymentProof } from './subscriptions';

/**
 * A Stripe billing portal session for a customer the visitor has proved is theirs: this browser's
 * own checkout's customer, or (a Clerk-verified email) one of that email's customers. Never "the"
 * customer of a typed email.
 */
export async function billingPortal(proof: PaymentProof, returnUrl: string): Promise<{ url: string }> {
  const stripe = requireStripe();
  const customer = await billingCustomer(proof);
  if (!customer) throw new HttpError(404, 'No subscription was found for this email.');
  try {
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return { url: portal.url };
  } catch (error) {
    throw stripeFailure(error);
  }
}
