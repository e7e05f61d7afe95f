import { useState } from 'react';
import { QueryRoot } from '../ui/QueryRoot';
import { SubscribeDialog } from './SubscribeDialog';

/** A call to action that opens the subscription dialog. */
export default function JoinButton({
  label,
  variant = 'primary',
  reason = 'join',
}: {
  label: string;
  variant?: 'primary' | 'secondary';
  /** Why the dialog opens: the visitor chose to join, or their free views are used up. */
  reason?: 'join' | 'limit';
}) {
  const [open, setOpen] = useState(false);
  return (
    <QueryRoot>
      <button type="button" className={`btn btn--${variant}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      <SubscribeDialog open={open} onClose={() => setOpen(false)} reason={reason} />
    </QueryRoot>
  );
}
