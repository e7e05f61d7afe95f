import { useState } from 'react';
import {
  changeStaffRole,
  endStaffSession,
  getAllStaffSessions,
  getPendingInvites,
  getStaffAccounts,
  revokeInvite,
  setStaffDisabled,
  transferOwnership,
  type PendingInvite,
  type StaffAccount,
  type StaffSessionRow,
} from '../../../features/admin/api/staff';
import { ApiError } from '../../../lib/api-client';
import { formatCityDateTime } from '../../../lib/city-format';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../lib/staff-roles';
import { QueryRoot } from '../../ui/QueryRoot';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { InviteForm } from './InviteForm';
import { SessionList } from './SessionList';
import './staff.css';

interface Props {
  accounts: StaffAccount[];
  invites: PendingInvite[];
  sessions: StaffSessionRow[];
  /** The signed-in Owner's own account id. */
  me: number;
}

const failed = (title: string, failure: unknown) =>
  toast({ title, description: (failure instanceof ApiError && failure.serverMessage) || 'Please try again.', variant: 'destructive' });

/** The Staff page: invite, every account with its role and status, pending invites, live sessions. */
export default function StaffAdmin(props: Props) {
  const [accounts, setAccounts] = useState(props.accounts);
  const [invites, setInvites] = useState(props.invites);
  const [sessions, setSessions] = useState(props.sessions);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const reload = async () => {
    const [a, i, s] = await Promise.all([getStaffAccounts(), getPendingInvites(), getAllStaffSessions()]);
    setAccounts(a);
    setInvites(i);
    setSessions(s);
  };
  async function run(title: string, action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: done });
    } catch (failure) {
      failed(title, failure);
    }
    await reload().catch(() => undefined);
    setBusy(false);
  }

  const account = (member: StaffAccount) => (
    <li key={member.id} className="staff-item">
      <div className="staff-item__who">
        <strong>
          {member.name} {member.id === props.me && <span className="staff-badge">You</span>}{' '}
          {member.disabled && <span className="staff-badge staff-badge--off">Disabled</span>}
        </strong>
        <span className="staff-item__meta">
          {member.email ?? 'Signs in with the admin password'} · {ROLE_LABELS[member.role]}
          {member.clerk ? ' · Clerk' : ''} · {member.lastSignInAt ? `last signed in ${formatCityDateTime(member.lastSignInAt)}` : 'never signed in'}
        </span>
      </div>
      <div className="staff-item__actions">
        {member.builtIn ? (
          <span className="staff-item__meta">Built-in Owner</span>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`role-${member.id}`}>
              Role of {member.name}
            </label>
            <select
              id={`role-${member.id}`}
              className="select"
              value={member.role}
              disabled={!hydrated || busy}
              onChange={(e) =>
                run(
                  'Could not change the role',
                  () => changeStaffRole(member.id, e.target.value as StaffRole),
                  `${member.name} is now ${ROLE_LABELS[e.target.value as StaffRole]}`,
                )
              }>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            {member.role !== 'owner' && !member.disabled && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={!hydrated || busy}
                onClick={() => {
                  if (window.confirm(`Make ${member.name} an Owner? ${props.me === member.id ? '' : 'You become an Editor unless you are the built-in Owner.'}`))
                    void run('Could not transfer ownership', () => transferOwnership(member.id), `${member.name} is now an Owner`);
                }}>
                Transfer ownership
              </button>
            )}
            {member.id !== props.me && (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={!hydrated || busy}
                onClick={() =>
                  run(
                    member.disabled ? 'Could not enable' : 'Could not disable',
                    () => setStaffDisabled(member.id, !member.disabled),
                    member.disabled ? `${member.name} can sign in again` : `${member.name} is disabled and signed out`,
                  )
                }>
                {member.disabled ? 'Enable' : 'Disable'}
              </button>
            )}
          </>
        )}
      </div>
    </li>
  );

  return (
    <QueryRoot>
      <section className="admin-card" aria-labelledby="staff-invite">
        <h2 id="staff-invite">Invite someone</h2>
        <InviteForm onInvited={reload} />
      </section>
      <section className="admin-card" aria-labelledby="staff-accounts">
        <h2 id="staff-accounts">Accounts</h2>
        <ul className="staff-list">{accounts.map(account)}</ul>
      </section>
      <section className="admin-card" aria-labelledby="staff-pending">
        <h2 id="staff-pending">Pending invites</h2>
        {invites.length === 0 ? (
          <p className="admin-empty">No invites waiting.</p>
        ) : (
          <ul className="staff-list">
            {invites.map((invite) => (
              <li key={invite.id} className="staff-item">
                <div className="staff-item__who">
                  <strong>{invite.email}</strong>
                  <span className="staff-item__meta">
                    {ROLE_LABELS[invite.role]} · invited by {invite.invitedBy ?? 'a former member'} · link works until {formatCityDateTime(invite.expiresAt)}
                  </span>
                </div>
                <div className="staff-item__actions">
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    disabled={!hydrated || busy}
                    onClick={() => run('Could not withdraw the invite', () => revokeInvite(invite.id), `The invite to ${invite.email} is withdrawn`)}
                    aria-label={`Withdraw the invite to ${invite.email}`}>
                    Withdraw
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card" aria-labelledby="staff-sessions">
        <h2 id="staff-sessions">Sessions</h2>
        <p className="muted">Everyone signed in now. Ending a session signs that browser out at its next click.</p>
        <SessionList
          sessions={sessions}
          showWho
          onEnd={async (id) => {
            await endStaffSession(id);
            await reload();
          }}
        />
      </section>
    </QueryRoot>
  );
}
