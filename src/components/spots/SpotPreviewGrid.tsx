import { useState } from 'react';
import type { Spot } from '../../features/spots/api/get-spots';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { PaywallBanner } from './PaywallBanner';
import { SpotCards } from './SpotCards';
import { SpotDetailDialog } from './SpotDetailDialog';
import { useVisitor } from './use-visitor';

/**
 * Preview cards (home and launch pages): never locked and never counting a view, so Details opens
 * the spot as the card has it (the teaser, for a visitor whose free views are used up). Such a
 * visitor is told so by the same banner as on /spots, which offers the subscription.
 */
export function SpotPreviewGrid({ spots }: { spots: Spot[] }) {
  const visitor = useVisitor();
  const [detail, setDetail] = useState<Spot | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  return (
    <>
      {visitor.paywall.locked && <PaywallBanner onSubscribe={() => setSubscribing(true)} />}
      <SpotCards spots={spots} visitor={visitor} locked={false} onDetails={setDetail} />
      <SpotDetailDialog spot={detail} onClose={() => setDetail(null)} />
      {visitor.paywall.locked && <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />}
    </>
  );
}
