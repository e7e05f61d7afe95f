import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { subscriptionStatusFor } from '../../../server/subscriptions/account';

/** GET /api/subscription/status (spec §7): active only for the visitor's own proven address. */
export type SubscriptionStatus = Wire<Awaited<ReturnType<typeof subscriptionStatusFor>>>;

export function subscriptionStatusQueryKey(email: string) {
  return [`/api/subscription/status?email=${encodeURIComponent(email)}`] as const;
}

/** The status of `email`; a server without subscriptions yet has no such endpoint, which is simply "not active". */
export async function getSubscriptionStatus(email: string): Promise<SubscriptionStatus> {
  try {
    return await apiGet<SubscriptionStatus>(subscriptionStatusQueryKey(email)[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { isActive: false, isFoundingMember: false };
    throw error;
  }
}

export function subscriptionStatusQueryOptions(email: string) {
  return queryOptions({ queryKey: subscriptionStatusQueryKey(email), queryFn: () => getSubscriptionStatus(email) });
}

/** The status of the email this browser remembers; nothing is read without one. */
export function useSubscriptionStatus({ email }: { email: string | null }) {
  return useQuery({ ...subscriptionStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
}
