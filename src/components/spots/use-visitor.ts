import { useSubscriptionStatus } from '../../features/subscriptions/api/get-subscription-status';
import { usePaywall } from '../../features/spots/api/get-paywall';
import { joinPaywall, paywallState, reachedFreeLimit, type PaywallState } from '../../lib/free-views';
import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';
import { useExternalStore } from '../ui/use-hydrated';

/**
 * The visitor's free-view state: the server's meter joined with local counts and the subscription
 * status. `initial` is the server's state rendered into the page.
 */
export function useVisitor(initial?: PaywallState) {
  const visitor = useExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  const email = visitor.subscriberEmail;
  const status = useSubscriptionStatus({ email });
  const server = usePaywall(initial);
  const viewer = { email, isActive: status.data?.isActive ?? false, viewCount: visitor.viewCount };
  const paywall = joinPaywall(server.data, paywallState(viewer));
  return {
    ...visitor,
    isActive: viewer.isActive,
    paywall,
    canView: !paywall.locked,
    freeViewsLeft: paywall.freeViewsLeft ?? Number.POSITIVE_INFINITY,
    // The Premium badge: once the view count reached the limit (spec §2), or the server's meter ran out.
    reachedLimit: paywall.locked || reachedFreeLimit(visitor.viewCount),
  };
}
