import { useState, type FormEvent } from 'react';
import { claimOffer } from '../../features/plans/api/plans';
import { ApiError } from '../../lib/api-client';
import { checkEmail } from '../../lib/email-rule';

/** The offer page's form: an email, then Stripe Checkout with the offer applied. */
export default function OfferClaim({ code, label }: { code: string; label: string }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function claim(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmail(email.trim());
    if (!email.trim()) return setProblem('Please enter your email address to continue.');
    if (!checked.ok) return setProblem('Please enter a valid email address.');
    setProblem(null);
    setWorking(true);
    try {
      const { url } = await claimOffer(checked.email, code);
      window.location.assign(url);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.');
      setWorking(false);
    }
  }

  return (
    <form onSubmit={claim} noValidate>
      <div className="field">
        <label htmlFor="offer-email">Email</label>
        <input
          id="offer-email"
          className="input"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'offer-email-problem' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {problem && (
          <p id="offer-email-problem" className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={working}>
        {working ? 'Redirecting to Secure Checkout...' : label}
      </button>
    </form>
  );
}
