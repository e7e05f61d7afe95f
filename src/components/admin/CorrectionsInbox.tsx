import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { acceptReaderCorrection, getCorrectionsInbox, rejectReaderCorrection, type InboxItem } from '../../features/corrections/api/corrections-inbox';
import { ApiError } from '../../lib/api-client';
import { formatCityDate } from '../../lib/city-time';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import './corrections-inbox.css';

const QUERY_KEY = ['/api/admin/corrections'] as const;
const STATE_LABELS = { open: 'Open', accepted: 'Accepted', rejected: 'Rejected' } as const;
const THANKS_LABELS = { none: '', queued: 'thanks waiting for mail to be set up', sent: 'reader thanked by email', failed: 'thank-you email failed' } as const;

const headline = (item: InboxItem) => (item.kind === 'closed' ? 'Reported closed' : `Suggested edit: ${item.fieldLabel}`);

function Review({ item, onDone, onCancel }: { item: InboxItem; onDone: () => void; onCancel: () => void }) {
  const [publicLine, setPublicLine] = useState('');
  const [closedUntil, setClosedUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () => acceptReaderCorrection(item.id, { version: item.spot.version, publicLine: publicLine || null, closedUntil: closedUntil || null }),
    onSuccess: (answer) => {
      toast({
        title: 'Correction accepted',
        description: answer.thanks === 'sent' ? `${item.spot.name} is updated and the reader was thanked.` : `${item.spot.name} is updated.`,
      });
      onDone();
    },
    onError: (error) => setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Could not accept the correction. Please try again.'),
  });
  const id = `correction-${item.id}`;
  return (
    <div className="correction__review">
      <table className="correction__diff">
        <caption className="visually-hidden">What accepting changes on {item.spot.name}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Now</th>
            <th scope="col">Proposed</th>
          </tr>
        </thead>
        <tbody>
          {item.diff.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.label}</th>
              <td>
                <del>{row.current}</del>
              </td>
              <td>
                <ins>{row.proposed}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {item.kind === 'closed' && (
        <div className="field">
          <label htmlFor={`${id}-until`}>Closed until (leave empty if it closed for good)</label>
          <input id={`${id}-until`} className="input" type="date" value={closedUntil} onChange={(e) => setClosedUntil(e.currentTarget.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-line`}>Line for the public change log (optional)</label>
        <input
          id={`${id}-line`}
          className="input"
          maxLength={120}
          value={publicLine}
          placeholder="We write one for you when empty"
          onChange={(e) => setPublicLine(e.currentTarget.value)}
        />
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="suggestion__actions">
        <button type="button" className="btn btn--primary btn--small" disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Applying…' : 'Accept and apply'}
        </button>
        <button type="button" className="btn btn--secondary btn--small" disabled={accept.isPending} onClick={onCancel}>
          Not now
        </button>
      </div>
    </div>
  );
}

function Inbox() {
  const queries = useQueryClient();
  const inbox = useQuery({ queryKey: QUERY_KEY, queryFn: getCorrectionsInbox });
  const [reviewing, setReviewing] = useState<number | null>(null);
  const refresh = () => {
    setReviewing(null);
    void queries.invalidateQueries({ queryKey: QUERY_KEY });
  };
  const reject = useMutation({
    mutationFn: rejectReaderCorrection,
    onSuccess: () => {
      toast({ title: 'Correction rejected' });
      refresh();
    },
    onError: (error) => {
      toast({
        title: 'Could not reject',
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
      refresh();
    },
  });

  if (inbox.isPending) return <p className="muted">Loading corrections...</p>;
  if (inbox.isError) return <p className="field__error">Could not load the corrections. Reload the page to try again.</p>;
  const { open, decided } = inbox.data;
  return (
    <>
      {open.length === 0 ? (
        <p className="admin-empty">No corrections from readers at the moment.</p>
      ) : (
        <ul className="suggestion-list" data-corrections-open>
          {open.map((item) => (
            <li key={item.id} className="suggestion correction">
              <div className="suggestion__head">
                <h3>
                  <a href={`/spots/${item.spot.slug}`}>{item.spot.name}</a>
                </h3>
                <time dateTime={item.createdAt}>{formatCityDate(item.createdAt)}</time>
              </div>
              <p className="correction__what">{headline(item)}</p>
              {item.kind === 'edit' && <p className="correction__proposed">“{item.proposed}”</p>}
              {item.note && <p className="muted">Note: {item.note}</p>}
              {item.hasEmail && <p className="muted">The reader left an email: they are thanked when you accept.</p>}
              {reviewing === item.id ? (
                <Review item={item} onDone={refresh} onCancel={() => setReviewing(null)} />
              ) : (
                <div className="suggestion__actions">
                  <button type="button" className="btn btn--primary btn--small" onClick={() => setReviewing(item.id)}>
                    Review change
                  </button>
                  <button type="button" className="btn btn--secondary btn--small" disabled={reject.isPending} onClick={() => reject.mutate(item.id)}>
                    Reject
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <details className="correction__decided">
          <summary>Recently decided ({decided.length})</summary>
          <ul>
            {decided.map((item) => (
              <li key={item.id}>
                <strong>{STATE_LABELS[item.state]}</strong> · {item.spot.name} · {headline(item)}
                {THANKS_LABELS[item.thanks] && ` · ${THANKS_LABELS[item.thanks]}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** The Corrections inbox: readers' edits and closed reports, each accepted after its diff or rejected. */
export default function CorrectionsInbox() {
  return (
    <QueryRoot>
      <Inbox />
    </QueryRoot>
  );
}
