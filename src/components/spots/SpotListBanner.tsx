import { useState } from 'react';
import type { PaywallState } from '../../lib/free-views';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { QueryRoot } from '../ui/QueryRoot';
import { PaywallBanner } from './PaywallBanner';
import { useVisitor } from './use-visitor';

function Banner({ paywall }: { paywall: PaywallState }) {
  const visitor = useVisitor(paywall);
  const [subscribing, setSubscribing] = useState(false);
  if (visitor.canView) return null;
  return (
    <>
      <PaywallBanner onSubscribe={() => setSubscribing(true)} />
      {subscribing && <SubscribeDialog open onClose={() => setSubscribing(false)} />}
    </>
  );
}

/** The banner over the server's first page of /spots once the free views are used up (the cards carry their own Details). */
export default function SpotListBanner(props: { paywall: PaywallState }) {
  return (
    <QueryRoot>
      <Banner {...props} />
    </QueryRoot>
  );
}
