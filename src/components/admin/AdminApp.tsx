import { useState, type FormEvent } from 'react';
import { signInAdmin } from '../../features/admin/api/sign-in';
import { ApiError } from '../../lib/api-client';
import { waitLabel } from '../../lib/wait-label';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { flashToast, useFlashToast } from './flash';
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

/** The password gate (spec §2/§4). The server checks every call; the page only shows what it was told. */
function Gate({ onUnlock }: { onUnlock: () => void }) {
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
    </form>
  );
}

/**
 * The gate page. After sign-in the server-rendered Dashboard takes over: the welcome toast goes
 * with the browser to it (src/components/admin/flash.ts).
 */
export default function AdminApp() {
  useFlashToast();
  return (
    <QueryRoot>
      <Gate
        onUnlock={() => {
          flashToast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
          window.location.assign('/admin');
        }}
      />
    </QueryRoot>
  );
}
