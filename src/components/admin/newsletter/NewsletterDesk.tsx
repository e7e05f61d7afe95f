import { useState } from 'react';
import { getNewsletterStatus, type NewsletterStatus } from '../../../features/admin/api/get-newsletter-status';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import NoteEditor from './NoteEditor';
import SendPanel from './SendPanel';
import SendHistory from './SendHistory';

/**
 * The Newsletter page's working parts: this week's issue as it will arrive, its editor's note, a
 * test to oneself, Send now, and the Thursday schedule with the last sends.
 */
export default function NewsletterDesk({ initial, canSend, myEmail }: { initial: NewsletterStatus; canSend: boolean; myEmail: string | null }) {
  const [status, setStatus] = useState(initial);
  const [format, setFormat] = useState<'html' | 'text'>('html');
  // A new frame address after each save, so the preview shows the note just written.
  const [revision, setRevision] = useState(0);

  async function refresh() {
    try {
      setStatus(await getNewsletterStatus());
      setRevision((r) => r + 1);
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Reload the page to see the latest.';
      toast({ title: 'Could not refresh', description: message, variant: 'destructive' });
    }
  }

  const src = `/admin/newsletter/preview?format=${format}&v=${revision}`;
  return (
    <div className="newsletter-desk">
      <section className="admin-card newsletter-desk__preview" aria-labelledby="newsletter-preview">
        <div className="admin-card__head">
          <h2 id="newsletter-preview">This week’s issue</h2>
          <div className="newsletter-desk__tabs" role="group" aria-label="Part of the email">
            <button type="button" className="btn btn--secondary btn--small" aria-pressed={format === 'html'} onClick={() => setFormat('html')}>
              Email
            </button>
            <button type="button" className="btn btn--secondary btn--small" aria-pressed={format === 'text'} onClick={() => setFormat('text')}>
              Plain text
            </button>
          </div>
        </div>
        <p className="muted">{status.weekLabel}: exactly what subscribers get, as of Thursday 9:00 (or now, once that has passed).</p>
        <iframe className="newsletter-desk__frame" title={format === 'html' ? 'This week’s issue as an email' : 'This week’s issue as plain text'} src={src} sandbox="" />
      </section>
      <div className="newsletter-desk__side">
        <NoteEditor note={status.note} canEdit={canSend} onSaved={refresh} />
        {canSend && <SendPanel status={status} myEmail={myEmail} onSent={refresh} />}
        <SendHistory status={status} />
      </div>
    </div>
  );
}
