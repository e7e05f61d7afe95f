import { useState } from 'react';
import { signInWithPasskey } from '../../../features/admin/api/sign-in-with-passkey';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { passkeyProblem } from './passkey-errors';
import './passkeys.css';

/**
 * "Sign in with a passkey" on the gate: no email, the device offers the passkeys it holds for
 * this site. Not held by the password's back-off, so guesses from elsewhere cannot lock its
 * holder out.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn() {
    setBusy(true);
    try {
      await signInWithPasskey();
      toast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
      onSignedIn();
    } catch (failure) {
      console.error('Passkey sign-in failed:', failure);
      toast({ title: 'Passkey sign-in failed', description: passkeyProblem(failure, 'sign-in'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or" aria-hidden="true">
        <span>or</span>
      </p>
      <button type="button" className="btn btn--secondary passkey-sign-in__button" disabled={!hydrated || busy} onClick={signIn}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
    </div>
  );
}
