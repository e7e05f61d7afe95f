import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYWALL_QUERY_KEY } from '../../features/spots/api/get-paywall';
import type { Spot } from '../../features/spots/api/get-spots';
import { openSpot } from '../../features/spots/api/open-spot';
import { ApiError } from '../../lib/api-client';
import { recordLocalView } from '../../browser/visitor-store';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { SpotDetailDialog } from './SpotDetailDialog';
import type { useVisitor } from './use-visitor';

/**
 * What a card's Details does on /spots: the free-view limit applies and each opening counts a view
 * on the server, which is the judge (a 402 offers the subscription). The dialogs are drawn once
 * first used, so a page of card islands does not carry a pair of closed dialogs per card.
 */
export function useSpotDetails(visitor: ReturnType<typeof useVisitor>) {
  const [viewCounts, setViewCounts] = useState<Record<number, number>>({});
  const [detail, setDetail] = useState<Spot | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [used, setUsed] = useState(false);
  const queries = useQueryClient();
  // Each opened spot moves the server's meter; every island shows it after.
  const meterMoved = () => void queries.invalidateQueries({ queryKey: PAYWALL_QUERY_KEY });

  const withCounts = (spot: Spot): Spot => (viewCounts[spot.id] === undefined ? spot : { ...spot, viewCount: viewCounts[spot.id]! });

  function subscribe() {
    setUsed(true);
    setSubscribing(true);
  }

  function openDetails(spot: Spot) {
    if (!visitor.canView) return subscribe();
    setUsed(true);
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
        if (error instanceof ApiError && error.status === 402) {
          setDetail(null);
          setSubscribing(true);
          meterMoved();
          return;
        }
        console.error(`Could not count a view of spot ${spot.id}:`, error);
      });
  }

  const dialogs: ReactNode = used && (
    <>
      <SpotDetailDialog spot={detail} onClose={() => setDetail(null)} />
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );

  return { withCounts, openDetails, subscribe, dialogs };
}
