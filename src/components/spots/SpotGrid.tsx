import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYWALL_QUERY_KEY } from '../../features/spots/api/get-paywall';
import type { Spot } from '../../features/spots/api/get-spots';
import { openSpot } from '../../features/spots/api/open-spot';
import { ApiError } from '../../lib/api-client';
import { recordLocalView } from '../../browser/visitor-store';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { PaywallBanner } from './PaywallBanner';
import { SpotCards } from './SpotCards';
import { SpotDetailDialog } from './SpotDetailDialog';
import { useVisitor } from './use-visitor';

export interface SpotGridProps {
  spots: Spot[];
  /** Miles from the visitor by spot id ("near me"). */
  distances?: Map<number, number>;
}

/**
 * The /spots listing's grid: the free-view limit applies and each Details click counts as a view;
 * with the details and subscription dialogs the cards open. Preview cards use SpotPreviewGrid.
 */
export function SpotGrid({ spots, distances }: SpotGridProps) {
  const visitor = useVisitor();
  const [viewCounts, setViewCounts] = useState<Record<number, number>>({});
  const [detail, setDetail] = useState<Spot | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const queries = useQueryClient();
  // Each opened spot moves the server's meter; every island shows it after.
  const meterMoved = () => void queries.invalidateQueries({ queryKey: PAYWALL_QUERY_KEY });
  const locked = !visitor.canView;

  const withCounts = (spot: Spot): Spot => (viewCounts[spot.id] === undefined ? spot : { ...spot, viewCount: viewCounts[spot.id]! });

  function openDetails(spot: Spot) {
    if (!visitor.canView) {
      setSubscribing(true);
      return;
    }
    recordLocalView();
    const shown = withCounts(spot);
    setDetail({ ...shown, viewCount: shown.viewCount + 1 });
    openSpot(spot.id)
      .then(({ viewCount, spot: full }) => {
        setViewCounts((counts) => ({ ...counts, [spot.id]: viewCount }));
        setDetail((open) => (open?.id === full.id ? full : open));
        meterMoved();
      })
      .catch((error) => {
        // The server is the judge of the free-view limit: when it says no, offer the subscription.
        if (error instanceof ApiError && error.status === 402) {
          setDetail(null);
          setSubscribing(true);
          meterMoved();
          return;
        }
        console.error(`Could not count a view of spot ${spot.id}:`, error);
      });
  }

  return (
    <>
      {locked && <PaywallBanner onSubscribe={() => setSubscribing(true)} />}
      <SpotCards spots={spots.map(withCounts)} visitor={visitor} locked={locked} onDetails={openDetails} onSubscribe={() => setSubscribing(true)} distances={distances} />
      <SpotDetailDialog spot={detail} onClose={() => setDetail(null)} />
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
