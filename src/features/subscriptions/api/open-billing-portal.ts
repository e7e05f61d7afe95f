import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { billingPortal } from '../../../server/subscriptions/billing-portal';

/** POST /api/billing-portal: Stripe's billing portal for the verified subscriber (401 otherwise). */
export type BillingPortalLink = Wire<Awaited<ReturnType<typeof billingPortal>>>;

export function openBillingPortal(): Promise<BillingPortalLink> {
  return apiSend<BillingPortalLink>('POST', '/api/billing-portal', {});
}
