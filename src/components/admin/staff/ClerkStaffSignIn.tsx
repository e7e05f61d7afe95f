import { useState } from 'react';
import { signInStaffWithClerk } from '../../../features/admin/api/staff-sign-in';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';

/**
 * With Clerk on and the visitor signed in to it: one button signs in to the staff account an invite
 * bound to that Clerk account. The server decides; a Clerk account no invite bound is told so.
 */
export function ClerkStaffSignIn({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn() {
    setBusy(true);
    try {
      await signInStaffWithClerk();
      toast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
      onSignedIn();
    } catch (failure) {
      const description =
        failure instanceof ApiError && failure.status === 403 && failure.serverMessage
          ? failure.serverMessage
          : 'Signing in with your account did not work. Please try again.';
      toast({ title: 'Authentication failed', description, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn--secondary admin-gate__submit" disabled={!hydrated || busy} onClick={signIn}>
      {busy ? 'Signing in…' : `Continue as ${email}`}
    </button>
  );
}
