import { useState } from 'react';
import type { Spot } from '../../features/spots/api/get-spots';
import { SpotCards } from './SpotCards';
import { SpotDetailDialog } from './SpotDetailDialog';
import { useVisitor } from './use-visitor';

/**
 * Preview cards (home and launch pages): never locked and never counting a view, so Details opens
 * the spot as the card has it, and nothing here can offer the subscription (the listing's
 * SpotGrid does).
 */
export function SpotPreviewGrid({ spots }: { spots: Spot[] }) {
  const visitor = useVisitor();
  const [detail, setDetail] = useState<Spot | null>(null);
  return (
    <>
      <SpotCards spots={spots} visitor={visitor} locked={false} onDetails={setDetail} />
      <SpotDetailDialog spot={detail} onClose={() => setDetail(null)} />
    </>
  );
}
