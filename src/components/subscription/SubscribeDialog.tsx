import { useEffect, useState, type FormEvent } from 'react';
import { createCheckout } from '../../features/subscriptions/api/create-checkout';
import { noteDialogOpened } from '../../features/subscriptions/api/note-dialog-opened';
import { ApiError } from '../../lib/api-client';
import { checkEmail } from '../../lib/email-rule';
import { signUpForWeekly } from '../../features/newsletter/api/sign-up';
import { FREE_SPOT_VIEWS, MONEY_BACK_DAYS, NEWSLETTER_DAY } from '../../lib/constants';
import { offerAt, perPeriod, siteOffer, yearlySaving, type Plan } from '../../lib/offer';
import { rememberSubscriberEmail, visitorSnapshot } from '../../browser/visitor-store';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast-store';
import './subscription.css';

const FALLBACK_FAILURE = 'Failed to create subscription. Please try again.';

interface Props {
  open: boolean;
  onClose: () => void;
  /** `limit`: opened because the free views are used up; `join`: the visitor chose to join. */
  reason?: 'limit' | 'join';
}

/**
 * The subscription dialog of spec §2/§4/§5: check the email with the server's own rule, remember
 * it, then go to checkout. A problem is said under the field (and in a toast drawn above the
 * backdrop), so an address the server would refuse is never stored.
 */
export function SubscribeDialog({ open, onClose, reason = 'limit' }: Props) {
  const [email, setEmail] = useState(() => (typeof window === 'undefined' ? '' : (visitorSnapshot().subscriberEmail ?? '')));
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState<Plan>('monthly');
  // Checkout answered that this server takes no payments (and the page's offer says so too): the
  // dialog then offers the free newsletter instead of a message meant for whoever runs the server.
  const [paymentsOff, setPaymentsOff] = useState(false);
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    // A funnel step only: the dialog works the same whether or not it is counted.
    if (open) noteDialogOpened().catch(() => undefined);
  }, [open]);

  function refuse(title: string, description: string) {
    setProblem(description);
    toast({ title, description, variant: 'destructive' });
  }

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return refuse('Email required', 'Please enter your email address to continue.');
    const checked = checkEmail(address);
    if (!checked.ok) return refuse('Invalid email', 'Please enter a valid email address.');
    setProblem(null);
    if (paymentsOff) return joinNewsletter(checked.email);
    rememberSubscriberEmail(checked.email);
    setWorking(true);
    try {
      const { url } = await createCheckout(checked.email, plan);
      if (!url) throw new Error(FALLBACK_FAILURE);
      window.location.assign(url);
    } catch (error) {
      setWorking(false);
      if (error instanceof ApiError && error.status === 503 && siteOffer().payments === false) {
        setPaymentsOff(true);
        return;
      }
      const message = error instanceof ApiError ? (error.serverMessage ?? FALLBACK_FAILURE) : FALLBACK_FAILURE;
      refuse('Subscription failed', message);
    }
  }

  async function joinNewsletter(address: string) {
    setWorking(true);
    try {
      await signUpForWeekly(address);
      setJoined(true);
    } catch {
      refuse('Something went wrong', 'Something went wrong. Try again.');
    } finally {
      setWorking(false);
    }
  }

  const limit = reason === 'limit';
  const offer = offerAt(siteOffer());
  return (
    <Dialog
      open={open}
      onClose={() => {
        setProblem(null);
        onClose();
      }}
      title={limit ? "You've hit your free limit!" : paymentsOff ? 'Get the free newsletter' : 'Become a member'}>
      <form className="subscribe-dialog" onSubmit={subscribe} noValidate>
        {paymentsOff ? (
          <p className="subscribe-dialog__lede" data-testid="newsletter-instead">
            {limit ? `You've enjoyed your ${FREE_SPOT_VIEWS} free spot views. ` : ''}Memberships aren't open yet. Until they are, get Scottsdale Weekly, our free
            newsletter: the week's best spots and events, every {NEWSLETTER_DAY}.
          </p>
        ) : (
          <>
            <p className="subscribe-dialog__lede">
              {limit ? `You've enjoyed your ${FREE_SPOT_VIEWS} free spot views. ` : ''}Unlock every spot in Scottsdale for{' '}
              <strong className="subscribe-dialog__price">{perPeriod(offer.charged)}</strong>
              {offer.foundingOpen ? `, the Founding Member Rate, locked forever for members who join by ${offer.foundingUntilLabel}.` : '.'}
            </p>
            <ul className="subscribe-dialog__perks">
              <li>Unlimited spot views</li>
              <li>Access to all categories</li>
              <li>New spots added weekly</li>
            </ul>
            {offer.yearly && (
              <fieldset className="subscribe-dialog__plans">
                <legend className="visually-hidden">Plan</legend>
                <label className="plan-choice">
                  <input type="radio" name="plan" value="monthly" checked={plan === 'monthly'} onChange={() => setPlan('monthly')} />
                  <span className="plan-choice__name">Monthly</span>
                  <span className="plan-choice__price">{perPeriod(offer.charged)}</span>
                </label>
                <label className="plan-choice">
                  <input type="radio" name="plan" value="yearly" checked={plan === 'yearly'} onChange={() => setPlan('yearly')} />
                  <span className="plan-choice__name">Yearly</span>
                  <span className="plan-choice__price">{perPeriod(offer.yearly)}</span>
                  {yearlySaving(offer.yearly) && <span className="plan-choice__saving">{yearlySaving(offer.yearly)}</span>}
                </label>
              </fieldset>
            )}
          </>
        )}
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
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'subscribe-email-problem' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {problem && (
            <p id="subscribe-email-problem" className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
        {paymentsOff ? (
          joined ? (
            <p className="subscribe-dialog__joined" role="status">
              🎉 You're in! Check your inbox to confirm your address.
            </p>
          ) : (
            <button type="submit" className="btn btn--primary subscribe-dialog__submit" disabled={working}>
              {working ? 'Joining…' : 'Join the free newsletter'}
            </button>
          )
        ) : (
          <>
            <button type="submit" className="btn btn--primary subscribe-dialog__submit" disabled={working}>
              {working ? 'Redirecting to Secure Checkout...' : 'Subscribe Now'}
            </button>
            <p className="subscribe-dialog__fine">Cancel anytime · {MONEY_BACK_DAYS}-day money-back guarantee · Secure checkout by Stripe</p>
          </>
        )}
        <p className="subscribe-dialog__legal">
          {paymentsOff ? 'By joining' : 'By subscribing'} you agree to our <a href="/terms">Terms</a>. See how we handle your email in our <a href="/privacy">Privacy</a>{' '}
          notice
          {paymentsOff ? (
            ''
          ) : (
            <>
              {' '}
              and how to get your money back in our <a href="/refunds">Refunds</a> policy
            </>
          )}
          .
        </p>
      </form>
    </Dialog>
  );
}
