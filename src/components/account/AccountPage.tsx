import { useState } from 'react';
import { useAccount } from '../../features/account/api/get-account';
import { openBillingPortal } from '../../features/subscriptions/api/open-billing-portal';
import { ApiError } from '../../lib/api-client';
import { STORAGE_KEYS, greetingName, readStoredUser, subscribeStoredUser, type StoredUser } from '../../browser/browser-storage';
import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';
import { SavedSpotsList } from '../saved/SavedList';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { useExternalStore } from '../ui/use-hydrated';
import { AccountData } from './AccountData';
import { PlanLine } from './PlanLine';

let cachedUser: { raw: string | null; user: StoredUser | null } = { raw: null, user: null };
function storedUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cachedUser.raw) cachedUser = { raw, user: readStoredUser() };
  return cachedUser.user;
}

function Account() {
  const user = useExternalStore(subscribeStoredUser, storedUser, () => undefined);
  const visitor = useExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  // A demo sign-in or a typed email proves nothing: the status shown is the one of an address the
  // server has verified (a checkout completed in this browser, or Clerk).
  const account = useAccount({ enabled: Boolean(user) });
  const verified = account.data?.subscriber?.verified ? account.data.subscriber : null;
  const [opening, setOpening] = useState(false);

  if (user === undefined) return <p className="muted">Loading your account…</p>;
  if (!user) {
    return (
      <div className="account-signed-out">
        <p>Please sign in to view your account.</p>
        <div className="account-signed-out__actions">
          <a className="btn btn--primary" href="/sign-in">
            Sign In
          </a>
          <a className="btn btn--secondary" href="/sign-up">
            Create Account
          </a>
        </div>
        <nav className="account-signed-out__explore" aria-label="Keep exploring">
          <span>Or keep exploring:</span>
          <a href="/spots">All Spots</a>
          <a href="/events">Events</a>
          <a href="/blog">Stories</a>
        </nav>
      </div>
    );
  }

  async function manage() {
    setOpening(true);
    try {
      const { url } = await openBillingPortal();
      window.location.assign(url);
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.';
      toast({ title: 'Could not open subscription settings', description: message, variant: 'destructive' });
      setOpening(false);
    }
  }

  const active = verified?.isActive ?? false;
  return (
    <div className="account">
      <h1>My Account</h1>
      <section className="account-card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="account-profile">
          <dt>Name</dt>
          <dd>{user.name || user.firstName || greetingName(user)}</dd>
          <dt>Email</dt>
          <dd>{user.email ?? '—'}</dd>
        </dl>
        <div className="account-badges">
          {active && <span className="badge badge--sun">Premium Member</span>}
          {verified?.isFoundingMember && <span className="badge badge--dusk">Founding Member</span>}
        </div>
      </section>
      <section className="account-card" aria-labelledby="subscription-heading">
        <h2 id="subscription-heading">Subscription</h2>
        {account.isPending ? (
          <p className="muted">Checking your subscription…</p>
        ) : verified ? (
          <>
            <p data-testid="subscription-status">
              {active ? `Active for ${verified.email}. Thank you for being a member.` : `No active membership for ${verified.email}.`}
            </p>
            {active && <PlanLine />}
          </>
        ) : (
          <p data-testid="subscription-status">You're not a member yet. Members read every spot's full guide, for the price of a coffee a month.</p>
        )}
        <div className="account-actions">
          {/* Only someone with a subscription has anything to manage; everyone else is offered one. */}
          {verified && (
            <button type="button" className="btn btn--secondary" onClick={manage} disabled={opening}>
              Manage Subscription
            </button>
          )}
          {!active && !account.isPending && (
            <a className="btn btn--primary" href="/launch">
              Become a member
            </a>
          )}
        </div>
      </section>
      <section className="account-card" aria-labelledby="activity-heading">
        <h2 id="activity-heading">Your activity</h2>
        <ul className="account-activity">
          <li>
            <strong>{visitor.lovedSpots.length}</strong> spots loved
          </li>
          <li>
            <strong>{visitor.visitedSpots.length}</strong> visited
          </li>
        </ul>
      </section>
      <section className="account-card" aria-labelledby="saved-heading">
        <h2 id="saved-heading">Saved spots</h2>
        <SavedSpotsList limit={4} />
      </section>
      <AccountData />
    </div>
  );
}

/** /account (spec §2): profile, real subscription status, Manage Subscription and activity counts. */
export default function AccountPage() {
  return (
    <QueryRoot>
      <Account />
    </QueryRoot>
  );
}
