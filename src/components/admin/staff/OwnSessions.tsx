import { useEffect, useState } from 'react';
import { endOwnSession, getOwnSessions, type StaffSessionRow } from '../../../features/admin/api/staff';
import { QueryRoot } from '../../ui/QueryRoot';
import { SessionList } from './SessionList';

/** "Your sessions": where this member of staff is signed in, and a way to end any other one. */
export default function OwnSessions() {
  const [sessions, setSessions] = useState<StaffSessionRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () =>
    getOwnSessions()
      .then(setSessions)
      .catch(() => setFailed(true));
  useEffect(() => {
    void load();
  }, []);

  return (
    <QueryRoot>
      <section className="admin-card" aria-labelledby="own-sessions">
        <h2 id="own-sessions">Your sessions</h2>
        <p className="muted">Where you are signed in now. End any session you do not recognise.</p>
        {failed ? (
          <p className="field__error">Could not load your sessions. Reload the page to try again.</p>
        ) : sessions === null ? (
          <p className="muted">Loading sessions…</p>
        ) : (
          <SessionList
            sessions={sessions}
            showWho={false}
            onEnd={async (id) => {
              await endOwnSession(id);
              await load();
            }}
          />
        )}
      </section>
    </QueryRoot>
  );
}
