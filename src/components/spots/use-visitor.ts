import { useSubscriptionStatus } from '../../features/subscriptions/api/get-subscription-status';
import { canViewSpot, freeViewsLeft, reachedFreeLimit } from '../../lib/free-views';
import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';
import { useExternalStore } from '../ui/use-hydrated';

/** The visitor's free-view state: local counts plus the server's subscription status. */
export function useVisitor() {
  const visitor = useExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  const email = visitor.subscriberEmail;
  const status = useSubscriptionStatus({ email });
  const viewer = { email, isActive: status.data?.isActive ?? false, viewCount: visitor.viewCount };
  return {
    ...visitor,
    isActive: viewer.isActive,
    canView: canViewSpot(viewer),
    freeViewsLeft: freeViewsLeft(viewer),
    reachedLimit: reachedFreeLimit(visitor.viewCount),
  };
}
