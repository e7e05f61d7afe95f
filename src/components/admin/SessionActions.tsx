import { useState } from 'react';
import { signOutAdmin } from '../../features/admin/api/sign-out';
import { Toaster } from '../ui/Toaster';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { flashToast, useFlashToast } from './flash';
import './admin.css';

/**
 * The back office header's Sign Out: ends the session on the server and returns to the gate;
 * "every device" ends all of this member of staff's sessions. Also shows the toast the previous
 * page left (the welcome after sign-in).
 */
export default function SessionActions() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  useFlashToast();

  async function signOut(everywhere: boolean) {
    setBusy(true);
    try {
      await signOutAdmin(everywhere);
      flashToast({ title: 'Signed out', description: everywhere ? 'Every admin session has ended, on every device.' : 'Your admin session has ended.' });
      window.location.assign('/admin');
    } catch (failure) {
      console.error('Admin sign-out failed:', failure);
      toast({ title: 'Sign-out failed', description: 'Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="admin-session">
      <button type="button" className="btn btn--secondary btn--small" disabled={!hydrated || busy} onClick={() => signOut(false)}>
        Sign Out
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={!hydrated || busy} onClick={() => signOut(true)}>
        Sign out of every device
      </button>
      <Toaster />
    </div>
  );
}
