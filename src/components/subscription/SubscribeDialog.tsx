import { useState, type FormEvent } from 'react';
import { createCheckout } from '../../features/subscriptions/api/create-checkout';
import { ApiError } from '../../lib/api-client';
import { FREE_SPOT_VIEWS, MONEY_BACK_DAYS, PRICES } from '../../lib/constants';
import { rememberSubscriberEmail, visitorSnapshot } from '../../browser/visitor-store';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast-store';
import './subscription.css';

const FALLBACK_FAILURE = 'Failed to create subscription. Please try again.';

/** The subscription dialog of spec §2/§4/§5: validate, remember the email, then go to checkout. */
export function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState(() => (typeof window === 'undefined' ? '' : (visitorSnapshot().subscriberEmail ?? '')));
  const [working, setWorking] = useState(false);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: 'Email required', description: 'Please enter your email address to continue.', variant: 'destructive' });
      return;
    }
    if (!address.includes('@')) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    rememberSubscriberEmail(address);
    setWorking(true);
    try {
      const { url } = await createCheckout(address);
      if (!url) throw new Error(FALLBACK_FAILURE);
      window.location.assign(url);
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? FALLBACK_FAILURE) : FALLBACK_FAILURE;
      toast({ title: 'Subscription failed', description: message, variant: 'destructive' });
      setWorking(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="You've hit your free limit!">
      <form className="subscribe-dialog" onSubmit={subscribe} noValidate>
        <p className="subscribe-dialog__lede">
          You've enjoyed your {FREE_SPOT_VIEWS} free spot views. Unlock every spot in Scottsdale for{' '}
          <strong className="subscribe-dialog__price">{PRICES.regularMonthly}</strong>.
        </p>
        <ul className="subscribe-dialog__perks">
          <li>Unlimited spot views</li>
          <li>Access to all categories</li>
          <li>New spots added weekly</li>
        </ul>
        <div className="field">
          <label htmlFor="subscribe-email">Email</label>
          <input
            id="subscribe-email"
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary subscribe-dialog__submit" disabled={working}>
          {working ? 'Redirecting to Secure Checkout...' : 'Subscribe Now'}
        </button>
        <p className="subscribe-dialog__fine">Cancel anytime · {MONEY_BACK_DAYS}-day money-back guarantee · Secure checkout by Stripe</p>
      </form>
    </Dialog>
  );
}
