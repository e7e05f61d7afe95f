import type { Spot } from '../../features/spots/api/get-spots';
import type { PaywallState } from '../../lib/free-views';
import { QueryRoot } from '../ui/QueryRoot';
import { SpotCard } from './SpotCard';
import { cardPropsFor } from './card-props';
import { useSpotDetails } from './use-spot-details';
import { useVisitor } from './use-visitor';
import './spots.css';

interface Props {
  spot: Spot;
  /** The visitor's meter as the server judged it for this page. */
  paywall: PaywallState;
}

function Card({ spot, paywall }: Props) {
  const visitor = useVisitor(paywall);
  const { withCounts, openDetails, subscribe, dialogs } = useSpotDetails(visitor);
  return (
    <>
      <SpotCard spot={withCounts(spot)} {...cardPropsFor(visitor, spot)} onDetails={openDetails} onSubscribe={subscribe} />
      {dialogs}
    </>
  );
}

/**
 * One card of the first page of /spots as its own island: the server sends the list as HTML and
 * each card wakes on its own, in a task short enough not to hold up a phone's main thread.
 */
export default function SpotCardIsland(props: Props) {
  return (
    <QueryRoot>
      <Card {...props} />
    </QueryRoot>
  );
}
