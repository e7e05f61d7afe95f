import { useState } from 'react';
import type { Spot } from '../../features/spots/api/get-spots';
import { openSpot } from '../../features/spots/api/open-spot';
import { ApiError } from '../../lib/api-client';
import { recordLocalView } from '../../browser/visitor-store';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { FREE_SPOT_VIEWS } from '../../lib/constants';
import { offerAt, perPeriod, siteOffer } from '../../lib/offer';
import { LockIcon } from './icons';
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
      })
      .catch((error) => {
        // The server is the judge of the free-view limit: when it says no, offer the subscription.
        if (error instanceof ApiError && error.status === 402) {
          setDetail(null);
          setSubscribing(true);
          return;
        }
        console.error(`Could not count a view of spot ${spot.id}:`, error);
      });
  }

  return (
    <>
      {locked && (
        <section className="paywall-banner" aria-labelledby="paywall-banner-title">
          <LockIcon />
          <div className="paywall-banner__text">
            <h2 id="paywall-banner-title" className="paywall-banner__title">
              You've used your {FREE_SPOT_VIEWS} free spot views
            </h2>
            <p>
              Names, pictures and hours stay open to everyone. Members read every spot's full guide: know-before-you-go, insider tips and directions, for{' '}
              {perPeriod(offerAt(siteOffer()).charged)}.
            </p>
          </div>
          <button type="button" className="btn btn--primary" onClick={() => setSubscribing(true)}>
            Subscribe to View
          </button>
        </section>
      )}
      <SpotCards spots={spots.map(withCounts)} visitor={visitor} locked={locked} onDetails={openDetails} onSubscribe={() => setSubscribing(true)} distances={distances} />
      <SpotDetailDialog spot={detail} onClose={() => setDetail(null)} />
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
