import { currentSubscriber, ownsSubscriberEmail, type RequestVisitor } from './subscriber';
import { subscriptionStatus } from './subscriptions';

/**
 * GET /api/account: who the server takes the visitor to be. The Clerk user signed in on this
 * request (null when Clerk is off or nobody is signed in) and the subscriber identity the paywall
 * uses, with its subscription status.
 */
export async function accountFor(visitor: RequestVisitor) {
  const subscriber = await currentSubscriber(visitor);
  const status = subscriber ? await subscriptionStatus(subscriber.email) : null;
  return {
    user: visitor.locals.clerkUser,
    subscriber: subscriber && status ? { email: subscriber.email, verified: subscriber.verified, ...status } : null,
  };
}

/**
 * GET /api/subscription/status (spec §7): the status of the visitor's own proven address (a paid
 * checkout in this browser, or Clerk sign-in); for any other address it says not active, so nobody
 * can learn whether someone else pays.
 */
export async function subscriptionStatusFor(visitor: RequestVisitor, email: string) {
  return ownsSubscriberEmail(visitor, email) ? await subscriptionStatus(email) : { isActive: false, isFoundingMember: false };
}
