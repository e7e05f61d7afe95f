import type { NewsletterStatus } from '../../../features/admin/api/get-newsletter-status';
import { formatCityDateTime } from '../../../lib/city-format';

/** The Thursday scheduler (on or off, and the variable that says so), the next send and the last weeks' counts. */
export default function SendHistory({ status }: { status: NewsletterStatus }) {
  const schedule = status.scheduleStatus;
  return (
    <section className="admin-card" aria-labelledby="newsletter-schedule">
      <h2 id="newsletter-schedule">Thursday schedule</h2>
      <dl className="browse-ai__facts">
        <dt>Scheduler</dt>
        <dd>{schedule.on ? `On (${schedule.variable}=on)` : `Off: set ${schedule.variable}=on to send on Thursdays`}</dd>
        <dt>{schedule.on ? 'Next send' : 'Next Thursday'}</dt>
        <dd>{schedule.due ? schedule.nextSendLabel : `${schedule.nextSendLabel} (Scottsdale time)`}</dd>
        <dt>Subscribers</dt>
        <dd>{`${status.activeSubscribers} active · ${status.inactiveSubscribers} unsubscribed · ${status.pendingSubscribers} pending confirmation`}</dd>
      </dl>
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
