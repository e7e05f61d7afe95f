import { useState, type FormEvent } from 'react';
import { changeOffer, type OfferChange } from '../../../features/plans/api/plans';
import { ApiError } from '../../../lib/api-client';

interface Props {
  code: string;
  /** The offer's last day (Scottsdale) and cap as they stand. */
  endsOn: string;
  maxRedemptions: number | null;
}

/** An open or upcoming offer's actions: end it now, or change its last day and cap. The page reloads with the change. */
export default function OfferActions({ code, endsOn, maxRedemptions }: Props) {
  const [editing, setEditing] = useState(false);
  const [ends, setEnds] = useState(endsOn);
  const [cap, setCap] = useState(maxRedemptions === null ? '' : String(maxRedemptions));
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function send(change: OfferChange) {
    setProblem(null);
    setWorking(true);
    try {
      await changeOffer(code, change);
      window.location.assign(`/admin/offers?changed=${encodeURIComponent(code)}`);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.');
      setWorking(false);
    }
  }

  function endNow() {
    if (window.confirm(`End ${code} now? Its page will say it has ended and the code stops working at checkout.`)) void send({ endNow: true });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void send({ endsOn: ends, maxRedemptions: cap.trim() ? Number(cap) : null });
  }

  return (
    <div className="offer-actions">
      {editing ? (
        <form onSubmit={save} aria-label={`Change ${code}`}>
          <div className="field">
            <label htmlFor={`ends-${code}`}>Ends (last day)</label>
            <input id={`ends-${code}`} className="input" type="date" value={ends} onChange={(e) => setEnds(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`cap-${code}`}>Redemption cap</label>
            <input id={`cap-${code}`} className="input" type="number" min={1} value={cap} placeholder="No cap" onChange={(e) => setCap(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--primary btn--small" disabled={working}>
            Save
          </button>{' '}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
            Change
          </button>{' '}
          <button type="button" className="btn btn--ghost btn--small" disabled={working} onClick={endNow}>
            End now
          </button>
        </>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
