import { useState } from 'react';
import { deleteAccount, MY_DATA_URL } from '../../features/account/api/own-data';
import { ApiError } from '../../lib/api-client';
import { toast } from '../ui/toast-store';

/** Your data: download it as JSON, or delete the account (after a confirmation). */
export function AccountData() {
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (
      !window.confirm(
        'Delete your account? Your saved spots go, and your loves and visits stay only as anonymous counts. A paid subscription keeps running until you cancel it in Manage Subscription.',
      )
    )
      return;
    setBusy(true);
    try {
      await deleteAccount();
      window.location.assign('/');
    } catch (failure) {
      toast({
        title: 'Not deleted',
        description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <div className="account-actions">
        <a className="btn btn--secondary" href={MY_DATA_URL} download="scottsdale-guide-my-data.json">
          Download my data
        </a>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={remove}>
          Delete my account
        </button>
      </div>
    </section>
  );
}
