import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, apiGet } from '../../lib/api-client';
import { canViewSpot, freeViewsLeft, reachedFreeLimit } from '../../lib/free-views';
import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';

/** The subscription status read of spec §7, only when an email is stored. */
export function subscriptionStatusKey(email: string) {
  return [`/api/subscription/status?email=${encodeURIComponent(email)}`] as const;
}

async function readStatus(email: string): Promise<{ isActive: boolean }> {
  try {
    const status = await apiGet<{ isActive: boolean }>(subscriptionStatusKey(email)[0]);
    return { isActive: Boolean(status?.isActive) };
  } catch (error) {
    // A server without subscriptions yet has no such endpoint: that is simply "not active".
    if (error instanceof ApiError && error.status === 404) return { isActive: false };
    throw error;
  }
}

/** The visitor's free-view state: local counts plus the server's subscription status. */
export function useVisitor() {
  const visitor = useSyncExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  const email = visitor.subscriberEmail;
  const status = useQuery({
    queryKey: subscriptionStatusKey(email ?? ''),
    queryFn: () => readStatus(email!),
    enabled: Boolean(email),
  });
  const viewer = { email, isActive: status.data?.isActive ?? false, viewCount: visitor.viewCount };
  return {
    ...visitor,
    isActive: viewer.isActive,
    canView: canViewSpot(viewer),
    freeViewsLeft: freeViewsLeft(viewer),
    reachedLimit: reachedFreeLimit(visitor.viewCount),
  };
}
