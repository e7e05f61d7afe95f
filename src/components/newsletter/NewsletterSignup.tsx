import { useState, type FormEvent } from 'react';
import { signUpForWeekly } from '../../features/newsletter/api/sign-up';
import { NEWSLETTER_DAY } from '../../lib/constants';
import { useHydrated } from '../ui/use-hydrated';
import './newsletter.css';

/**
 * The home and about signup (spec §4/§5): nothing happens on an empty email; after submitting it
 * thanks the visitor whatever the server answered (failures are logged).
 */
export default function NewsletterSignup({ id = 'newsletter' }: { id?: string }) {
  const [email, setEmail] = useState('');
  const [thanked, setThanked] = useState(false);
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    signUpForWeekly(address).catch((error) => console.error('Newsletter signup failed:', error));
    setThanked(true);
  }

  if (thanked) {
    return (
      <p className="newsletter__thanks" role="status">
        Thanks for joining! Confirm your address from the email we just sent, then look for Scottsdale Weekly every {NEWSLETTER_DAY}.
      </p>
    );
  }
  return (
    <form className="newsletter__form" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor={`${id}-email`}>
        Email address
      </label>
      <input
        id={`${id}-email`}
        className="input"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={!hydrated}>
        Join free
      </button>
      <p className="newsletter__fine">
        The free newsletter, every {NEWSLETTER_DAY}. Leave with one click from any issue. <a href="/privacy">Privacy</a>
      </p>
    </form>
  );
}
