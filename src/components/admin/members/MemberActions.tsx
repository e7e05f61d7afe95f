import { useState, type FormEvent } from 'react';
import { cancelMember, compMember, refundMember, resendMemberConfirmation } from '../../../features/members/api/member-actions';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { flashToast } from '../flash';

interface Props {
  email: string;
  /** The active Stripe subscription staff may act on, if any. */
  subscription: { id: string; refundable: boolean; cancelScheduled: boolean } | null;
  newsletterPending: boolean;
  /** Today in the city (YYYY-MM-DD): the earliest day complimentary access may end. */
  today: string;
}

/**
 * The Owner's actions on one member: refund under the money-back guarantee, cancel at period end,
 * complimentary access until a date, and resending the newsletter confirmation. Each reloads the
 * page, drawn by the server, so what it shows is what is stored.
 */
export default function MemberActions({ email, subscription, newsletterPending, today }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function run(title: string, description: string, action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      flashToast({ title, description });
      window.location.reload();
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      setProblem(message);
      toast({ title: 'Not done', description: message, variant: 'destructive' });
      setBusy(false);
    }
  }

  function comp(event: FormEvent) {
    event.preventDefault();
    if (!until) return setProblem('Choose the last day of complimentary access.');
    return run('Complimentary access given', `${email} has access until ${until}.`, () => compMember(email, until));
  }

  const disabled = !hydrated || busy;
  return (
    <div className="member-actions">
      {subscription && (
        <div className="member-actions__row">
          {subscription.refundable && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={disabled}
              onClick={() => {
                if (window.confirm(`Refund ${email}'s last payment in full and end their membership now?`)) {
                  void run('Refunded', 'The payment is on its way back and the membership has ended.', () => refundMember(subscription.id));
                }
              }}>
              Refund and end membership
            </button>
          )}
          {!subscription.cancelScheduled && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={disabled}
              onClick={() => run('Cancelled at period end', 'The membership ends when the paid period does.', () => cancelMember(subscription.id))}>
              Cancel at period end
            </button>
          )}
        </div>
      )}
      <form className="member-actions__comp" onSubmit={comp} noValidate>
        <div className="field">
          <label htmlFor="comp-until">Complimentary access until</label>
          <input id="comp-until" className="input" type="date" min={today} value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
        </div>
        <button type="submit" className="btn btn--secondary" disabled={disabled}>
          Give access
        </button>
      </form>
      {newsletterPending && (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={disabled}
          onClick={() => run('Confirmation sent', `${email} will get the newsletter confirmation again.`, () => resendMemberConfirmation(email))}>
          Resend newsletter confirmation
        </button>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
