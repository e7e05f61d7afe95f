import { useState, type FormEvent } from 'react';
import { signUpForWeekly } from '../../features/newsletter/api/sign-up';
import { useHydrated } from '../ui/use-hydrated';
import './newsletter.css';

type FormState = 'idle' | 'loading' | 'success' | 'error';

/** The /subscribe form (spec §2/§4): idle, loading, success (email cleared) or error. */
export default function JoinWeeklyForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    setState('loading');
    try {
      await signUpForWeekly(email.trim());
      setEmail('');
      setState('success');
    } catch (error) {
      console.error('Newsletter signup failed:', error);
      setState('error');
    }
  }

  return (
    <form className="join-weekly" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="join-weekly-email">
        Email address
      </label>
      <div className="newsletter__form">
        <input
          id="join-weekly-email"
          className="input"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={!hydrated || state === 'loading'}>
          {state === 'loading' ? 'Joining…' : 'Join Free'}
        </button>
      </div>
      <p className="join-weekly__message" role="status" aria-live="polite">
        {state === 'success' && (
          <>
            <span className="join-weekly__success">🎉 You're in!</span>
            <span className="join-weekly__confirm">Check your inbox to confirm your address.</span>
          </>
        )}
        {state === 'error' && <span className="join-weekly__error">Something went wrong. Try again.</span>}
      </p>
      <p className="newsletter__fine">
        Free. Leave with one click from any issue. How we keep your address: <a href="/privacy">Privacy</a>.
      </p>
    </form>
  );
}
