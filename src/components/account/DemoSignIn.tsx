import { useState, type FormEvent } from 'react';
import { STORAGE_KEYS, type StoredUser } from '../../browser/browser-storage';
import { ApiError, apiRequest } from '../../lib/api-client';
import { FILL_IN_BOTH } from '../../lib/demo-sign-in';
import { useHydrated } from '../ui/use-hydrated';

/** A readable first name from an email's local part: "ana.ruiz@x" → "Ana". */
export function firstNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word[0]!.toUpperCase() + word.slice(1) : '';
}

interface Props {
  /** /sign-up asks the visitor to create an account; the form is the same. */
  mode?: 'sign-in' | 'sign-up';
}

/** Demo sign-in (spec §2/§5): any email and password; the user is remembered in this browser. */
export default function DemoSignIn({ mode = 'sign-in' }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      window.alert(FILL_IN_BOTH);
      return;
    }
    setBusy(true);
    try {
      const address = email.trim();
      // The server makes this browser's user (a signed cookie): saved spots and reactions follow it.
      await apiRequest('POST', '/api/session', { email: address, password });
      const user: StoredUser = { email: address, firstName: firstNameFromEmail(address) || undefined };
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      window.location.assign('/');
    } catch (error) {
      console.error('Demo sign-in failed:', error);
      window.alert(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Sign in failed. Please try again.');
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void signIn(event)} noValidate>
      <div className="field">
        <label htmlFor="demo-email">Email</label>
        <input id="demo-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="demo-password">Password</label>
        <input
          id="demo-password"
          className="input"
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--primary auth-form__submit" disabled={!hydrated || busy}>
        {mode === 'sign-up' ? 'Create Account' : 'Sign In'}
      </button>
      <p className="auth-form__note">Demo sign-in: any email and password work. Your details stay in this browser.</p>
    </form>
  );
}
