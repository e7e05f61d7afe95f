import type { NewsletterStatus } from '../../../features/admin/api/get-newsletter-status';
import { formatCityDateTime } from '../../../lib/city-format';

/** The Thursday scheduler (on or off, and the variable that says so), the next send and the last weeks' counts. */
export default function SendHistory({ status }: { status: NewsletterStatus }) {
  const schedule = status.scheduleStatus;
  return (
    <section className="admin-card" aria-labelledby="newsletter-schedule">
      <h2 id="newsletter-schedule">Thursday schedule</h2>
      <dl className="newsletter-desk__facts">
        <div>
          <dt>Scheduler</dt>
          <dd>
            {schedule.on ? 'On' : 'Off'} · <code>{`${schedule.variable}=${schedule.on ? 'on' : 'off'}`}</code>
          </dd>
        </div>
        <div>
          <dt>Next send</dt>
          <dd>{schedule.nextSendLabel}</dd>
        </div>
        <div>
          <dt>Subscribers</dt>
          <dd>{`${status.activeSubscribers} active · ${status.inactiveSubscribers} unsubscribed · ${status.pendingSubscribers} pending confirmation`}</dd>
        </div>
      </dl>
      {!schedule.on && (
        <p className="muted">
          Set <code>{schedule.variable}=on</code> to send every Thursday at 9:00 AM, Scottsdale time.
        </p>
      )}
      {status.confirmationWarning && (
        <p className="newsletter-admin__warning" role="note">
          {status.confirmationWarning}
        </p>
      )}
      <h3 className="newsletter-desk__subhead">Last sends</h3>
      {status.recentSends.length ? (
        <ul className="newsletter-desk__sends">
          {status.recentSends.map((send) => (
            <li key={send.week}>
              <p className="newsletter-desk__send-week">{send.weekLabel}</p>
              <p className="muted">
                {send.sending
                  ? 'Sending now…'
                  : send.finishedAt
                    ? `Finished ${formatCityDateTime(send.finishedAt)}`
                    : `Stopped before the end; started ${formatCityDateTime(send.startedAt)}`}
              </p>
              <p className="newsletter-desk__counts">
                {`${send.counts.sent} sent · ${send.counts.failed} failed`}
                {send.counts.inDoubt ? ` · ${send.counts.inDoubt} in doubt` : ''}
                {send.counts.pending === null ? '' : ` · ${send.counts.pending} pending`}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No issue has been sent yet.</p>
      )}
    </section>
  );
}
