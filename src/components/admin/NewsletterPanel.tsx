import { useNewsletterStatus, type NewsletterStatus } from '../../features/admin/api/get-newsletter-status';

const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', weekday: 'short', hour: 'numeric', minute: '2-digit' });

function runState(status: NewsletterStatus): string {
  if (!status.run) return 'Not sent yet';
  if (status.run.sending) return 'Sending now…';
  if (status.run.finishedAt) return `Sent ${when.format(new Date(status.run.finishedAt))}`;
  return 'Stopped before the end: run the send again to finish';
}

/** Scottsdale Weekly at a glance, with the preview of this week's issue. */
export function NewsletterPanel() {
  const status = useNewsletterStatus();
  const data = status.data;
  return (
    <div className="newsletter-admin">
      <dl className="browse-ai__facts">
        <dt>Subscribers</dt>
        <dd>{data ? `${data.activeSubscribers} active · ${data.inactiveSubscribers} unsubscribed · ${data.pendingSubscribers} pending confirmation` : '…'}</dd>
        <dt>This week</dt>
        <dd>{data ? `${data.weekLabel}: ${runState(data)}` : '…'}</dd>
        <dt>Deliveries</dt>
        <dd>
          {data ? `${data.deliveries.sent} sent · ${data.deliveries.failed} failed${data.deliveries.inDoubt ? ` · ${data.deliveries.inDoubt} in doubt` : ''}` : '…'}
        </dd>
        <dt>Schedule</dt>
        <dd>{data ? (data.schedule === 'on' ? 'Thursdays at 9:00 (Phoenix time)' : 'Off: send with npm run newsletter:send') : '…'}</dd>
      </dl>
      {data?.confirmationWarning && (
        <p className="newsletter-admin__warning" role="note">
          {data.confirmationWarning}
        </p>
      )}
      {data?.setupProblem && (
        <p className="newsletter-admin__warning" role="note">
          {data.setupProblem}
        </p>
      )}
      <div className="newsletter-admin__actions">
        <a className="btn btn--primary" href="/admin/newsletter/preview" target="_blank" rel="noopener">
          Preview this week's issue
        </a>
        <a className="btn btn--secondary" href="/admin/newsletter/preview?format=text" target="_blank" rel="noopener">
          Plain-text version
        </a>
      </div>
    </div>
  );
}
