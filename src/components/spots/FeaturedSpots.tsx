import { useFeaturedSpots, type FeaturedSpots as FeaturedSpotList } from '../../features/spots/api/get-featured-spots';
import { HOME_COUNTS } from '../../lib/constants';
import { QueryRoot } from '../ui/QueryRoot';
import { SpotPreviewGrid } from './SpotPreviewGrid';
import { usePaywall } from '../../features/spots/api/get-paywall';
import type { PaywallState } from '../../lib/free-views';

interface FeaturedSpotsProps {
  /** Server-rendered spots; without them the island reads GET /api/spots/featured and shows skeletons meanwhile. */
  initialSpots?: FeaturedSpotList;
  limit?: number;
  /** The visitor's meter as the server judged it for this page. */
  paywall?: PaywallState;
}

function Featured({ initialSpots, limit, paywall }: FeaturedSpotsProps) {
  usePaywall(paywall);
  const { data, isError } = useFeaturedSpots({ initialData: initialSpots });
  if (isError) return <p className="muted">Featured spots are unavailable right now.</p>;
  if (!data) {
    return (
      <div className="spot-grid" aria-busy="true" aria-label="Loading featured spots">
        {Array.from({ length: HOME_COUNTS.featuredSpots }, (_, i) => (
          <div key={i} className="skeleton spot-skeleton" data-testid="spot-skeleton" />
        ))}
      </div>
    );
  }
  return <SpotPreviewGrid spots={limit ? data.slice(0, limit) : data} />;
}

/** Preview cards of the featured spots: never locked, never counting views (spec §2 Home, Launch). */
export default function FeaturedSpots(props: FeaturedSpotsProps) {
  return (
    <QueryRoot>
      <Featured {...props} />
    </QueryRoot>
  );
}
