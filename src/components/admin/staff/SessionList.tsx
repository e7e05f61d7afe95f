import { useState } from 'react';
import type { StaffSessionRow } from '../../../features/admin/api/staff';
import { ApiError } from '../../../lib/api-client';
import { formatCityDateTime } from '../../../lib/city-format';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { browserLabel } from './browser-label';
import './staff.css';

/**
 * Live staff sessions with a button to end each (the Owner's list shows whose they are). The
 * session of this browser is marked and ended with Sign Out instead.
 */
export function SessionList({ sessions, showWho, onEnd }: { sessions: StaffSessionRow[]; showWho: boolean; onEnd: (id: string) => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function end(session: StaffSessionRow) {
    setBusy(session.id);
    try {
      await onEnd(session.id);
      toast({ title: 'Session ended', description: `${showWho ? `${session.name}'s` : 'That'} session on ${browserLabel(session.userAgent)} is signed out.` });
    } catch (failure) {
      toast({ title: 'Could not end the session', description: (failure instanceof ApiError && failure.serverMessage) || 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  if (sessions.length === 0) return <p className="admin-empty">No live sessions.</p>;
  return (
    <ul className="staff-list">
      {sessions.map((session) => (
        <li key={session.id} className="staff-item">
          <div className="staff-item__who">
            <strong>
              {showWho ? `${session.name} · ` : ''}
              {browserLabel(session.userAgent)} {session.current && <span className="staff-badge">This browser</span>}
            </strong>
            <span className="staff-item__meta">
              Started {formatCityDateTime(session.startedAt)} · last used {formatCityDateTime(session.lastUsedAt)}
              {session.ipAddress ? ` · from ${session.ipAddress}` : ''}
            </span>
          </div>
          <div className="staff-item__actions">
            {!session.current && (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={!hydrated || busy !== null}
                onClick={() => end(session)}
                aria-label={`End ${showWho ? `${session.name}'s ` : ''}session on ${browserLabel(session.userAgent)}, started ${formatCityDateTime(session.startedAt)}`}>
                End session
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
