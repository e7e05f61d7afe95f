import { useState, type FormEvent } from 'react';
import { signInAdmin } from '../../features/admin/api/sign-in';
import { signOutAdmin } from '../../features/admin/api/sign-out';
import { StaffSignIn } from './staff/StaffSignIn';
import { ApiError } from '../../lib/api-client';
import { waitLabel } from '../../lib/wait-label';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { AddSpotForm } from './AddSpotForm';
import { BrowseAiPanel } from './BrowseAiPanel';
import { NewsletterPanel } from './NewsletterPanel';
import { PasskeySignIn } from './passkeys/PasskeySignIn';
import { SuggestionReview } from './SuggestionReview';
import './admin.css';

/** What the gate says when the server refuses: a pause is not a wrong password. */
function refusal(failure: unknown): { title: string; description: string } {
  if (failure instanceof ApiError && failure.status === 429) {
    const wait = failure.retryAfterSeconds ? `in ${waitLabel(failure.retryAfterSeconds)}` : 'in a minute';
    return { title: 'Sign-in paused', description: `Too many failed attempts. Sign-in is paused; try again ${wait}.` };
  }
  // Admin access not configured on the server (503) is explained by the server's own message.
  const unavailable = failure instanceof ApiError && failure.status === 503 ? failure.serverMessage : null;
  return { title: 'Authentication failed', description: unavailable ?? 'Invalid password. Please try again.' };
}

/**
 * The gate: the admin password (spec §2/§4) by default, or a staff account's email and password.
 * The server checks every call; the page only shows what it was told.
 */
function Gate({ onUnlock }: { onUnlock: () => void }) {
  const [staffForm, setStaffForm] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="admin-gate-wrap">
      {staffForm ? <StaffSignIn onUnlock={onUnlock} /> : <PasswordGate onUnlock={onUnlock} />}
      <p className="admin-gate__switch">
        <button type="button" className="btn btn--ghost btn--small" disabled={!hydrated} onClick={() => setStaffForm(!staffForm)}>
          {staffForm ? 'Use the admin password instead' : 'Sign in with your staff email instead'}
        </button>
      </p>
    </div>
  );
}

/** The admin password alone, as the built-in Owner (spec §2/§4). */
function PasswordGate({ onUnlock }: { onUnlock: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      await signInAdmin(password);
      toast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
      onUnlock();
    } catch (failure) {
      console.error('Admin sign-in failed:', failure);
      const { title, description } = refusal(failure);
      toast({ title, description, variant: 'destructive' });
      setChecking(false);
    }
  }

  return (
    <form className="admin-gate" onSubmit={submit} noValidate>
      <h1>Admin Access</h1>
      <p className="muted">Enter password to add new spots</p>
      <div className="field">
        <label htmlFor="admin-password">Password</label>
        <input
          id="admin-password"
          className="input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'admin-password-error' : undefined}
        />
        {error && (
          <p id="admin-password-error" className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary admin-gate__submit" disabled={!hydrated || checking}>
        {checking ? 'Checking…' : 'Unlock'}
      </button>
      <PasskeySignIn onSignedIn={onUnlock} />
    </form>
  );
}

/** Sign Out ends the session on the server; "every device" ends all of this admin's sessions. */
function SignOut({ onSignedOut }: { onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signOut(everywhere: boolean) {
    setBusy(true);
    try {
      await signOutAdmin(everywhere);
      toast({ title: 'Signed out', description: everywhere ? 'Every admin session has ended, on every device.' : 'Your admin session has ended.' });
      onSignedOut();
    } catch (failure) {
      console.error('Admin sign-out failed:', failure);
      toast({ title: 'Sign-out failed', description: 'Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="admin-panel__session">
      <button type="button" className="btn btn--secondary btn--small" disabled={!hydrated || busy} onClick={() => signOut(false)}>
        Sign Out
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={!hydrated || busy} onClick={() => signOut(true)}>
        Sign out of every device
      </button>
    </div>
  );
}

function Panel({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h1>Admin</h1>
        <SignOut onSignedOut={onSignedOut} />
      </div>
      <section className="admin-card" aria-labelledby="add-spot">
        <h2 id="add-spot">Add New Spot</h2>
        <AddSpotForm />
      </section>
      <section className="admin-card" aria-labelledby="suggestions">
        <h2 id="suggestions">User Suggestions</h2>
        <SuggestionReview />
      </section>
      <section className="admin-card" aria-labelledby="browse-ai">
        <h2 id="browse-ai">Browse AI Event Automation</h2>
        <BrowseAiPanel />
      </section>
      <section className="admin-card" aria-labelledby="newsletter">
        <h2 id="newsletter">Scottsdale Weekly Newsletter</h2>
        <NewsletterPanel />
      </section>
    </div>
  );
}

/** `signedIn`: the server found a live admin session for this request, so a reload keeps the panel. */
export default function AdminApp({ signedIn = false }: { signedIn?: boolean }) {
  const [unlocked, setUnlocked] = useState(signedIn);
  return <QueryRoot>{unlocked ? <Panel onSignedOut={() => setUnlocked(false)} /> : <Gate onUnlock={() => setUnlocked(true)} />}</QueryRoot>;
}
