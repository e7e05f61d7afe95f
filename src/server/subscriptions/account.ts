import { currentSubscriber, proofFor, statusOf, type RequestVisitor } from './subscriber';

/**
 * GET /api/account: who the server takes the visitor to be. The Clerk user signed in on this
 * request (null when Clerk is off or nobody is signed in) and the subscriber identity the paywall
 * uses, with the status of what it proves: a merely typed email is never active here, so nobody
 * learns through this read whether an address pays.
 */
export async function accountFor(visitor: RequestVisitor) {
  const subscriber = await currentSubscriber(visitor);
  const status = subscriber ? await statusOf(subscriber) : null;
  return {
    user: visitor.locals.clerkUser,
    subscriber: subscriber && status ? { email: subscriber.email, verified: subscriber.verified, ...status } : null,
  };
}

/**
 * GET /api/subscription/status (spec §7): the status of the visitor's own proven address (a paid
 * checkout in this browser, which counts its own customer only, or Clerk sign-in); for any other
 * address it says not active, so nobody can learn whether someone else pays.
 */
export async function subscriptionStatusFor(visitor: RequestVisitor, email: string) {
  return statusOf(await proofFor(visitor, email));
}
