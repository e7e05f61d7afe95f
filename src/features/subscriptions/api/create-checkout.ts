import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { createCheckout as createCheckoutService } from '../../../server/subscriptions/checkout';

/** POST /api/create-subscription: where Stripe Checkout waits for this visitor. */
export type CheckoutLink = Wire<Pick<Awaited<ReturnType<typeof createCheckoutService>>, 'url'>>;

/** Starts a checkout for `email` (monthly unless `plan` says yearly); the email counts for the free-view limit from now on. */
export function createCheckout(email: string, plan?: 'monthly' | 'yearly'): Promise<CheckoutLink> {
  return apiSend<CheckoutLink>('POST', '/api/create-subscription', plan === 'yearly' ? { email, plan } : { email });
}
