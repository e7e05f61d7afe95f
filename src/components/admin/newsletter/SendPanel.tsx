import { useEffect, useRef, useState } from 'react';
import type { NewsletterStatus } from '../../../features/admin/api/get-newsletter-status';
import { sendNewsletterNow, sendNewsletterTest } from '../../../features/admin/api/newsletter-desk';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';

const serverSays = (failure: unknown, fallback: string) => (failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : fallback);

/** A test to oneself, and Send now behind a confirmation; both refused with the reason when they cannot go. */
export default function SendPanel({ status, myEmail, onSent }: { status: NewsletterStatus; myEmail: string | null; onSent: () => void }) {
  const [busy, setBusy] = useState<'test' | 'now' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const yesButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // Keyboard users land on the question's answer, and back on Send now when they cancel.
  useEffect(() => {
    if (confirming) yesButton.current?.focus();
    else if (opened.current) sendButton.current?.focus();
    opened.current = confirming;
  }, [confirming]);
  const run = status.run;
  const mailOff = Boolean(status.setupProblem);
  const refusal = run?.finishedAt
    ? 'This week’s issue has been sent. Each reader gets it once a week.'
    : run?.sending
      ? 'This week’s issue is being sent right now.'
      : null;

  async function test() {
    setBusy('test');
    setResult(null);
    try {
      const { to } = await sendNewsletterTest();
      setResult({ ok: true, text: `Test sent to ${to}. It is not counted as this week’s send.` });
      onSent();
    } catch (failure) {
      setResult({ ok: false, text: serverSays(failure, 'The test was not sent. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  async function sendNow() {
    setBusy('now');
    setResult(null);
    try {
      await sendNewsletterNow(status.week);
      setConfirming(false);
      toast({ title: 'Sending', description: 'This week’s issue is going out. The counts below update as it goes.' });
      setResult({ ok: true, text: 'Sending has started. Refresh the counts to follow it.' });
      onSent();
    } catch (failure) {
      setConfirming(false);
      setResult({ ok: false, text: serverSays(failure, 'Nothing was sent. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="newsletter-send">
      <h2 id="newsletter-send">Send</h2>
      {status.setupProblem && (
        <p className="newsletter-admin__warning" role="note">
          Mail is off. {status.setupProblem}
        </p>
      )}
      <p className="muted">{myEmail ? `A test goes to ${myEmail} only.` : 'Your staff account has no email address, so a test cannot be sent to you.'}</p>
      <div className="newsletter-admin__actions">
        <button type="button" className="btn btn--secondary" disabled={busy !== null || mailOff || !myEmail} onClick={test}>
          {busy === 'test' ? 'Sending test…' : 'Send a test to me'}
        </button>
        <button
          ref={sendButton}
          type="button"
          className="btn btn--primary"
          disabled={busy !== null || confirming || mailOff || Boolean(refusal)}
          onClick={() => setConfirming(true)}>
          Send now…
        </button>
      </div>
      {refusal && <p className="muted newsletter-desk__refusal">{refusal}</p>}
      {confirming && (
        <div className="newsletter-desk__confirm" role="group" aria-labelledby="newsletter-confirm">
          <p id="newsletter-confirm">
            Send the issue of {status.weekLabel} to {status.activeSubscribers} active {status.activeSubscribers === 1 ? 'subscriber' : 'subscribers'} now? It cannot be
            called back, and the Thursday schedule will not send it again.
          </p>
          <div className="newsletter-admin__actions">
            <button ref={yesButton} type="button" className="btn btn--primary" disabled={busy !== null} onClick={sendNow}>
              {busy === 'now' ? 'Starting…' : 'Yes, send it now'}
            </button>
            <button type="button" className="btn btn--secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {result && (
        <p className={result.ok ? 'newsletter-desk__ok' : 'field__error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
    </section>
  );
}
