import { useState, type FormEvent } from 'react';
import { inviteStaff, type NewInvite } from '../../../features/admin/api/staff';
import { ApiError } from '../../../lib/api-client';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../lib/staff-roles';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';

const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Owner: everything, including staff',
  editor: 'Editor: publish and edit all content',
  contributor: 'Contributor: write drafts',
  support: 'Support: read members and subscriptions',
};

/** Invites an email with a role; the link is shown to copy whether or not it was emailed. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [invite, setInvite] = useState<NewInvite | null>(null);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError('Enter the email address to invite.');
    setError(null);
    setSending(true);
    try {
      const made = await inviteStaff(email.trim(), role);
      setInvite(made);
      setEmail('');
      setSending(false);
      toast({ title: 'Invite ready', description: made.emailed ? `Emailed to ${made.email}.` : `Copy the link and send it to ${made.email}.` });
      // The lists refresh on their own; a failed refresh is no failed invite.
      await onInvited().catch(() => undefined);
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || 'Could not create the invite. Please try again.');
      setSending(false);
    }
  }

  async function copy() {
    if (!invite) return;
    try {
      await navigator.clipboard.writeText(invite.link);
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className="staff-invite__row">
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            className="input"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'invite-email-error' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" className="select" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={!hydrated || sending}>
          {sending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
      <p className="field__hint">{ROLE_HINTS[role]}. The link works once, for 7 days.</p>
      {error && (
        <p id="invite-email-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      {invite && (
        <div className="staff-link" role="status">
          <p>
            {invite.emailed ? `Emailed to ${invite.email}. ` : `Mail is not set up, so nothing was emailed. `}
            Send {invite.email} this link ({ROLE_LABELS[invite.role]}):
          </p>
          <div className="staff-link__copy">
            <input className="input" readOnly value={invite.link} aria-label={`Invite link for ${invite.email}`} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn--secondary btn--small" onClick={copy}>
              Copy link
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
