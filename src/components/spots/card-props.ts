import type { Spot } from '../../features/spots/api/get-spots';
import type { SpotCardProps } from './SpotCard';
import type { useVisitor } from './use-visitor';

export type Visitor = ReturnType<typeof useVisitor>;

/**
 * What a spot card shows of this visitor: whether they loved it or have been, whether Details is
 * locked, the Premium badge and an email holder's free spots left. Every list of cards draws them
 * from here, so the server's first page and a redrawn list never disagree.
 */
export function cardPropsFor(
  visitor: Visitor,
  spot: Pick<Spot, 'id'>,
  locked = !visitor.canView,
): Pick<SpotCardProps, 'loved' | 'visited' | 'locked' | 'premiumBadge' | 'freeViewsLeft'> {
  return {
    loved: visitor.lovedSpots.includes(spot.id),
    visited: visitor.visitedSpots.includes(spot.id),
    locked,
    premiumBadge: visitor.reachedLimit,
    freeViewsLeft: visitor.paywall.metered && !visitor.paywall.locked && !locked ? visitor.paywall.freeViewsLeft : null,
  };
}
