import { useState, type FormEvent } from 'react';
import { buyGift } from '../../features/plans/api/plans';
import { ApiError } from '../../lib/api-client';
import { checkEmail } from '../../lib/email-rule';
import { FormField, fieldAria } from '../ui/FormField';

interface Props {
  prices: { months: 1 | 3 | 12; price: string }[];
}

/** The gift form: how long, whom for, who gives it; then a one-time Stripe Checkout. */
export default function GiftBuy({ prices }: Props) {
  const [months, setMonths] = useState<1 | 3 | 12>(3);
  const [recipient, setRecipient] = useState('');
  const [buyer, setBuyer] = useState('');
  const [problem, setProblem] = useState<{ field: 'recipient' | 'buyer' | 'form'; text: string } | null>(null);
  const [working, setWorking] = useState(false);

  async function buy(event: FormEvent) {
    event.preventDefault();
    const to = checkEmail(recipient.trim());
    if (!to.ok) return setProblem({ field: 'recipient', text: "Enter the email address of the person you're giving it to." });
    const from = checkEmail(buyer.trim());
    if (!from.ok) return setProblem({ field: 'buyer', text: 'Enter your email address: we send your receipt and a copy of the gift link there.' });
    setProblem(null);
    setWorking(true);
    try {
      const { url } = await buyGift({ months, recipientEmail: to.email, buyerEmail: from.email });
      window.location.assign(url);
    } catch (error) {
      setProblem({ field: 'form', text: error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.' });
      setWorking(false);
    }
  }

  const fieldError = (field: 'recipient' | 'buyer') => (problem?.field === field ? problem.text : undefined);

  return (
    <form onSubmit={buy} noValidate>
      <fieldset className="gift-lengths">
        <legend>How long</legend>
        {prices.map((choice) => (
          <label className="gift-length" key={choice.months}>
            <input type="radio" name="months" value={choice.months} checked={months === choice.months} onChange={() => setMonths(choice.months)} />
            <strong>{choice.months === 12 ? '1 year' : `${choice.months} month${choice.months === 1 ? '' : 's'}`}</strong>
            <span>{choice.price}</span>
          </label>
        ))}
      </fieldset>
      <FormField id="gift-recipient" label="Their email" error={fieldError('recipient')}>
        <input
          {...fieldAria('gift-recipient', fieldError('recipient'))}
          className="input"
          type="email"
          autoComplete="off"
          placeholder="friend@example.com"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
        />
      </FormField>
      <FormField id="gift-buyer" label="Your email" error={fieldError('buyer')}>
        <input
          {...fieldAria('gift-buyer', fieldError('buyer'))}
          className="input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={buyer}
          onChange={(event) => setBuyer(event.target.value)}
        />
      </FormField>
      {problem?.field === 'form' && (
        <p className="field__error" role="alert">
          {problem.text}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={working}>
        {working ? 'Redirecting to Secure Checkout...' : 'Buy the gift'}
      </button>
    </form>
  );
}
