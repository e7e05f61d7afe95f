import { useState, type FormEvent } from 'react';
import { createOffer, type NewOffer } from '../../../features/plans/api/plans';
import { ApiError } from '../../../lib/api-client';
import { dealWords } from '../../../lib/offer-words';

type Kind = NewOffer['kind'];
type Duration = NonNullable<NewOffer['duration']>;

const today = () => new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);

/** The Editor's offer form; the page reloads with the new offer in its table. */
export default function OfferForm({ currency }: { currency: string }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('percent');
  const [amount, setAmount] = useState('50');
  const [duration, setDuration] = useState<Duration>('repeating');
  const [months, setMonths] = useState('3');
  const [trialDays, setTrialDays] = useState('7');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState('');
  const [cap, setCap] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const offer: NewOffer = {
    code: code.trim(),
    name: name.trim(),
    kind,
    startsOn,
    endsOn,
    ...(kind === 'percent' ? { percentOff: Number(amount) } : {}),
    ...(kind === 'amount' ? { amountOff: Math.round(Number(amount) * 100) } : {}),
    ...(kind === 'trial' ? { trialDays: Number(trialDays) } : { duration, ...(duration === 'repeating' ? { durationMonths: Number(months) } : {}) }),
    ...(cap.trim() ? { maxRedemptions: Number(cap) } : {}),
  };
  const preview = dealWords({
    kind,
    percentOff: offer.percentOff ?? null,
    amountOff: offer.amountOff ?? null,
    currency,
    duration: offer.duration ?? null,
    durationMonths: offer.durationMonths ?? null,
    trialDays: offer.trialDays ?? null,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setWorking(true);
    try {
      await createOffer(offer);
      window.location.assign(`/admin/offers?created=${encodeURIComponent(offer.code)}`);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.');
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby="offer-preview">
      <div className="admin-form__grid">
        <div className="field">
          <label htmlFor="offer-name">Name</label>
          <input id="offer-name" className="input" value={name} maxLength={80} placeholder="Launch week" onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="offer-code">Code (its page is /offer/code)</label>
          <input id="offer-code" className="input" value={code} maxLength={40} placeholder="LAUNCH50" onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="offer-kind">Kind</label>
          <select id="offer-kind" className="input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
            <option value="trial">Free trial</option>
          </select>
        </div>
        {kind === 'trial' ? (
          <div className="field">
            <label htmlFor="offer-trial">Free days</label>
            <input id="offer-trial" className="input" type="number" min={1} max={90} value={trialDays} onChange={(e) => setTrialDays(e.target.value)} />
          </div>
        ) : (
          <div className="field">
            <label htmlFor="offer-amount">{kind === 'percent' ? 'Percent off' : `Amount off (${currency.toUpperCase()})`}</label>
            <input
              id="offer-amount"
              className="input"
              type="number"
              min={kind === 'percent' ? 1 : 0.01}
              step={kind === 'percent' ? 1 : 0.01}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
        )}
        {kind !== 'trial' && (
          <div className="field">
            <label htmlFor="offer-duration">For</label>
            <select id="offer-duration" className="input" value={duration} onChange={(e) => setDuration(e.target.value as Duration)}>
              <option value="once">The first month</option>
              <option value="repeating">A number of months</option>
              <option value="forever">Forever</option>
            </select>
          </div>
        )}
        {kind !== 'trial' && duration === 'repeating' && (
          <div className="field">
            <label htmlFor="offer-months">Months</label>
            <input id="offer-months" className="input" type="number" min={1} max={36} value={months} onChange={(e) => setMonths(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor="offer-starts">Starts</label>
          <input id="offer-starts" className="input" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="offer-ends">Ends (last day)</label>
          <input id="offer-ends" className="input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="offer-cap">Redemption cap (optional)</label>
          <input id="offer-cap" className="input" type="number" min={1} value={cap} placeholder="No cap" onChange={(e) => setCap(e.target.value)} />
        </div>
      </div>
      <p id="offer-preview" className="muted">
        Readers see: <strong>{preview}</strong>
      </p>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={working}>
          {working ? 'Creating…' : 'Create offer'}
        </button>
      </div>
    </form>
  );
}
