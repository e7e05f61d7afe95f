import { useState, type FormEvent } from 'react';
import { signInAdmin } from '../../features/admin/api/sign-in';
import { ApiError } from '../../lib/api-client';
import { waitLabel } from '../../lib/wait-label';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { flashToast, useFlashToast } from './flash';
import { PasskeySignIn } from './passkeys/PasskeySignIn';
import { ClerkStaffSignIn } from './staff/ClerkStaffSignIn';
import { StaffSignIn } from './staff/StaffSignIn';
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
function Gate({ onUnlock, clerkEmail }: { onUnlock: () => void; clerkEmail: string | null }) {
  const [staffForm, setStaffForm] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="admin-gate-wrap">
      {staffForm ? <StaffSignIn onUnlock={onUnlock} /> : <PasswordGate onUnlock={onUnlock} />}
      {clerkEmail && (
        <p className="admin-gate__switch">
          <ClerkStaffSignIn email={clerkEmail} onSignedIn={onUnlock} />
        </p>
      )}
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

/**
 * The gate page. After sign-in the server-rendered Dashboard takes over: the welcome toast goes
 * with the browser to it (src/components/admin/flash.ts).
 */
export default function AdminApp({ clerkEmail = null }: { clerkEmail?: string | null }) {
  useFlashToast();
  return (
    <QueryRoot>
      <Gate
        clerkEmail={clerkEmail}
        onUnlock={() => {
          flashToast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
          window.location.assign('/admin');
        }}
      />
    </QueryRoot>
  );
}
