import { freeSpotsLeftLabel, type PaywallState } from '../../lib/free-views';
import { QueryRoot } from '../ui/QueryRoot';
import { useVisitor } from './use-visitor';

function Notice({ paywall }: { paywall: PaywallState }) {
  const visitor = useVisitor(paywall);
  if (!visitor.paywall.metered || visitor.paywall.locked || visitor.paywall.freeViewsLeft === null) return null;
  return (
    <p className="free-views-notice" role="status">
      <strong>{freeSpotsLeftLabel(visitor.paywall.freeViewsLeft)}</strong>. Opening a spot you've already opened is free.
    </p>
  );
}

/**
 * An email holder's free spots left, over the /spots list: its own small island, so it shows as
 * soon as the page wakes even while the filter bar waits for the reader.
 */
export default function FreeViewsNotice(props: { paywall: PaywallState }) {
  return (
    <QueryRoot>
      <Notice {...props} />
    </QueryRoot>
  );
}
