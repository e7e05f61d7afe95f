import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { activateCheckoutForBrowser } from '../../../server/subscriptions/checkout';

/** POST /api/subscription/success: the subscription a paid checkout activated for this browser (403/409 when refused). */
export type ActivatedSubscription = Wire<Awaited<ReturnType<typeof activateCheckoutForBrowser>>>;

export function activateSubscription(sessionId: string): Promise<ActivatedSubscription> {
  return apiSend<ActivatedSubscription>('POST', '/api/subscription/success', { sessionId });
}
