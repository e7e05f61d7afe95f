import { useState, type FormEvent } from 'react';
import { signInStaff } from '../../../features/admin/api/staff-sign-in';
import { ApiError } from '../../../lib/api-client';
import { waitLabel } from '../../../lib/wait-label';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import './staff.css';

/** What the staff sign-in says when the server refuses. */
function refusal(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) return 'Wrong email or password. Please try again.';
  if (failure instanceof ApiError && failure.status === 429 && failure.serverMessage?.startsWith('Too many failed attempts')) {
    return `Too many failed attempts. Sign-in is paused; try again ${failure.retryAfterSeconds ? `in ${waitLabel(failure.retryAfterSeconds)}` : 'in a minute'}.`;
  }
  return (failure instanceof ApiError && failure.serverMessage) || 'Sign-in did not work. Please try again.';
}

/** A staff account's own sign-in: the email the invite went to and the password set when accepting it. */
export function StaffSignIn({ onUnlock }: { onUnlock: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'password' | null; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError({ field: 'email', text: 'Email is required' });
    if (!password) return setError({ field: 'password', text: 'Password is required' });
    setError(null);
    setChecking(true);
    try {
      await signInStaff(email.trim(), password);
      toast({ title: 'Authentication successful', description: 'Welcome to the admin panel' });
      onUnlock();
    } catch (failure) {
      const text = refusal(failure);
      setError({ field: null, text });
      toast({ title: 'Authentication failed', description: text, variant: 'destructive' });
      setChecking(false);
    }
  }

  return (
    <form className="admin-gate" onSubmit={submit} noValidate aria-labelledby="staff-sign-in">
      <h1 id="staff-sign-in">Admin Access</h1>
      <p className="muted">Sign in with your staff email and password.</p>
      <div className="field">
        <label htmlFor="staff-email">Email</label>
        <input
          id="staff-email"
          className="input"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error?.field === 'email'}
          aria-describedby={error?.field === 'email' ? 'staff-sign-in-error' : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="staff-password">Password</label>
        <input
          id="staff-password"
          className="input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error?.field === 'password'}
          aria-describedby={error?.field === 'password' ? 'staff-sign-in-error' : undefined}
        />
      </div>
      {error && (
        <p id="staff-sign-in-error" className="field__error" role="alert">
          {error.text}
        </p>
      )}
      <button type="submit" className="btn btn--primary admin-gate__submit" disabled={!hydrated || checking}>
        {checking ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}
