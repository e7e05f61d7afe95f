import { useState, type FormEvent } from 'react';
import { acceptInvite } from '../../../features/admin/api/staff-sign-in';
import { ApiError } from '../../../lib/api-client';
import { ROLE_LABELS, type StaffRole } from '../../../lib/staff-roles';
import { QueryRoot } from '../../ui/QueryRoot';
import { useHydrated } from '../../ui/use-hydrated';
import './staff.css';

const MIN_PASSWORD = 12;

/**
 * Accepting an invite: the invitee chooses the name the team sees and a password. On success the
 * account exists and this browser is signed in to it.
 */
export default function InviteAccept({ token, email, role }: { token: string; email: string; role: StaffRole }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'password' | null; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError({ field: 'name', text: 'Enter your name.' });
    if (password.length < MIN_PASSWORD) return setError({ field: 'password', text: `Use a password of at least ${MIN_PASSWORD} characters.` });
    setError(null);
    setSaving(true);
    try {
      await acceptInvite(token, name.trim(), password);
      window.location.assign('/admin/account');
    } catch (failure) {
      const message = (failure instanceof ApiError && failure.serverMessage) || 'Could not create your account. Please try again.';
      if (failure instanceof ApiError && (failure.status === 410 || failure.status === 404 || failure.status === 409)) setRefused(message);
      else setError({ field: null, text: message });
      setSaving(false);
    }
  }

  if (refused) {
    return (
      <div className="admin-gate staff-accept" role="alert">
        <h1>This invite no longer works</h1>
        <p>{refused}</p>
      </div>
    );
  }
  const describedBy = (field: 'name' | 'password') =>
    [field === 'password' ? 'invite-password-hint' : null, error?.field === field ? 'invite-error' : null].filter(Boolean).join(' ') || undefined;
  return (
    <QueryRoot>
      <form className="admin-gate staff-accept" onSubmit={submit} noValidate>
        <h1>Join the back office</h1>
        <p className="muted">
          You are invited as <strong>{ROLE_LABELS[role]}</strong> with the email <strong>{email}</strong>. Choose your name and a password to finish.
        </p>
        <div className="field">
          <label htmlFor="invite-name">Your name</label>
          <input
            id="invite-name"
            className="input"
            autoComplete="name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error?.field === 'name'}
            aria-describedby={describedBy('name')}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-password">Password</label>
          <input
            id="invite-password"
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error?.field === 'password'}
            aria-describedby={describedBy('password')}
          />
          <p id="invite-password-hint" className="field__hint">
            At least {MIN_PASSWORD} characters. A few unrelated words are easy to remember and hard to guess.
          </p>
        </div>
        {error && (
          <p id="invite-error" className="field__error" role="alert">
            {error.text}
          </p>
        )}
        <input type="hidden" name="email" autoComplete="username" value={email} />
        <button type="submit" className="btn btn--primary admin-gate__submit" disabled={!hydrated || saving}>
          {saving ? 'Creating your account…' : 'Create my account'}
        </button>
      </form>
    </QueryRoot>
  );
}
