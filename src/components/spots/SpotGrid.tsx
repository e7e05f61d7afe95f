import type { Spot } from '../../features/spots/api/get-spots';
import { PaywallBanner } from './PaywallBanner';
import { SpotCards } from './SpotCards';
import { useSpotDetails } from './use-spot-details';
import { useVisitor } from './use-visitor';

export interface SpotGridProps {
  spots: Spot[];
  /** Miles from the visitor by spot id ("near me"). */
  distances?: Map<number, number>;
  /** The paywall banner over the cards; off when the grid continues a list that already shows it. */
  banner?: boolean;
}

/**
 * The /spots listing's grid drawn in the browser (after a filter, a search, "near me" or Load more):
 * the free-view limit applies and each Details click counts as a view. Preview cards use
 * SpotPreviewGrid; the first page as the server sent it uses SpotCardIsland per card.
 */
export function SpotGrid({ spots, distances, banner = true }: SpotGridProps) {
  const visitor = useVisitor();
  const { withCounts, openDetails, subscribe, dialogs } = useSpotDetails(visitor);
  const locked = !visitor.canView;
  return (
    <>
      {banner && locked && <PaywallBanner onSubscribe={subscribe} />}
      <SpotCards spots={spots.map(withCounts)} visitor={visitor} locked={locked} onDetails={openDetails} onSubscribe={subscribe} distances={distances} />
      {dialogs}
    </>
  );
}
