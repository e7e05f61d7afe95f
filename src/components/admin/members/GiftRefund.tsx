import { useState } from 'react';
import { refundMemberGift } from '../../../features/members/api/member-actions';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';

/** Refunds one gift (the buyer's money back, the gift's access ended); the page reloads with the change. */
export default function GiftRefund({ giftId, recipient, buyer }: { giftId: number; recipient: string; buyer: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function refund() {
    if (!window.confirm(`Refund ${buyer} for the gift to ${recipient} and end its access now?`)) return;
    setBusy(true);
    try {
      await refundMemberGift(giftId);
      flashToast({ title: 'Gift refunded', description: `The money is on its way back to ${buyer}, and the gift no longer gives access.` });
      window.location.reload();
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      toast({ title: 'Not done', description: message, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn--ghost btn--small" disabled={!hydrated || busy} onClick={() => void refund()}>
      Refund gift
    </button>
  );
}
