import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getAccount } from '../../features/account/api/get-account';
import { activateSubscription } from '../../features/subscriptions/api/activate-subscription';
import { subscriptionStatusQueryKey } from '../../features/subscriptions/api/get-subscription-status';
import { ApiError } from '../../lib/api-client';
import { CONTACT_EMAIL } from '../../lib/navigation';
import { rememberSubscriberEmail, resetLocalViews } from '../../browser/visitor-store';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import './subscription.css';

type Activation = 'processing' | 'success' | 'error';

/**
 * A checkout link unlocks its browser once; reloading /success afterwards is refused by the
 * server, so the page asks whether this browser already holds the verified subscription.
 */
async function alreadyPremium(): Promise<string | null> {
  const account = await getAccount().catch(() => null);
  const subscriber = account?.subscriber;
  return subscriber?.verified && subscriber.isActive ? subscriber.email : null;
}

const BENEFITS = ['Unlimited spot views', 'Access to all categories', 'New spots added weekly', 'Priority customer support'];

function Activate({ sessionId }: { sessionId: string | null }) {
  const [state, setState] = useState<Activation>(sessionId ? 'processing' : 'error');
  const [problem, setProblem] = useState<string | null>(null);
  const queries = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    const welcome = (email: string, fresh: boolean, founding = false) => {
      rememberSubscriberEmail(email);
      void queries.invalidateQueries({ queryKey: subscriptionStatusQueryKey(email) });
      if (fresh) {
        resetLocalViews();
        // Only a subscription on the founding price, started in its window, is told it is locked in.
        toast({ title: 'Welcome to Premium!', description: founding ? "You're locked in at the Founding Member Rate." : 'Every spot is unlocked. Enjoy the guide.' });
      }
      setState('success');
    };
    activateSubscription(sessionId)
      .then(({ email, isFoundingMember }) => welcome(email, true, isFoundingMember))
      .catch(async (error) => {
        const refused = error instanceof ApiError && (error.status === 403 || error.status === 409);
        const premium = refused ? await alreadyPremium() : null;
        if (premium) return welcome(premium, false);
        console.error('Subscription activation failed:', error);
        setProblem(refused ? error.serverMessage : null);
        toast({
          title: 'Subscription Error',
          description: 'There was an issue activating your subscription. Please contact support.',
          variant: 'destructive',
        });
        setState('error');
      });
  }, [sessionId, queries]);

  if (state === 'processing') {
    return (
      <div className="activation" role="status">
        <span className="activation__spinner" aria-hidden="true" />
        <h1>Activating your subscription…</h1>
        <p className="lede">This only takes a moment.</p>
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="activation">
        <h1>Subscription Error</h1>
        <p className="lede">{problem ?? "We couldn't activate your subscription. If you were charged, we'll make it right."}</p>
        <div className="activation__actions">
          <a className="btn btn--primary" href="/spots">
            Back to Spots
          </a>
          <a className="btn btn--secondary" href={`mailto:${CONTACT_EMAIL}?subject=Subscription%20help`}>
            Contact Support
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="activation">
      <span className="activation__badge">Premium</span>
      <h1>Welcome to Premium!</h1>
      <p className="lede">Your subscription is active. Here's what you get:</p>
      <ul className="activation__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <div className="activation__actions">
        <a className="btn btn--primary" href="/spots">
          Explore All Spots
        </a>
        <a className="btn btn--secondary" href="/">
          Back to Home
        </a>
      </div>
    </div>
  );
}

/** /success: activates the subscription bought at checkout (spec §2, §4). */
export default function SuccessActivation() {
  const sessionId = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('session_id');
  return (
    <QueryRoot>
      <Activate sessionId={sessionId} />
    </QueryRoot>
  );
}
