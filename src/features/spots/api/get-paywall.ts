import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { PaywallState } from '../../../lib/free-views';

/** GET /api/paywall: the visitor's free-view meter as the server judges it. */
export const PAYWALL_QUERY_KEY = ['/api/paywall'] as const;

export function getPaywall(): Promise<PaywallState> {
  return apiGet<PaywallState>('/api/paywall');
}

export function paywallQueryOptions() {
  return queryOptions({ queryKey: PAYWALL_QUERY_KEY, queryFn: getPaywall });
}

/**
 * The server's state of the meter. A page that rendered it passes it as `initial`, so the first
 * paint already shows it (a fresh browser with the same cookies sees what the server decided);
 * islands without it read it once.
 */
export function usePaywall(initial?: PaywallState) {
  return useQuery({ ...paywallQueryOptions(), initialData: initial });
}
