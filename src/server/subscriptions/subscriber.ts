import type { AstroCookies } from 'astro';
import { readSubscriber, type SubscriberIdentity } from './subscriber-cookie';
import { firstCustomerOf, subscriptionStatus, type PaymentProof, type SubscriptionStatus } from './subscriptions';

/** What a page or endpoint knows about the request: its cookies and what the middleware found. */
export interface RequestVisitor {
  cookies: AstroCookies;
  locals: Pick<App.Locals, 'clerkUser' | 'sessionId' | 'user'>;
}

/** The visitor's subscriber identity with what it proves: a customer of theirs, their email, or nothing. */
export type CurrentSubscriber = SubscriberIdentity & PaymentProof;

/** Which subscriptions count for this identity: none unless something was proved. */
export function statusOf(subscriber: CurrentSubscriber | null): Promise<SubscriptionStatus> {
  if (!subscriber?.verified) return Promise.resolve({ isActive: false, isFoundingMember: false });
  return subscriptionStatus(subscriber);
}

/** A cookie from before cookies named their customer stands for the email's first customer. */
async function withNamedCustomer(cookie: SubscriberIdentity | null): Promise<CurrentSubscriber | null> {
  if (!cookie) return null;
  const { namesNoCustomer, ...identity } = cookie;
  const customer = namesNoCustomer ? await firstCustomerOf(identity.email) : null;
  return customer ? { ...identity, verified: true, customer, emailProven: false } : { ...identity, emailProven: false };
}

/**
 * The visitor's subscriber identity. A Clerk user's verified primary email comes first: Clerk has
 * proved the visitor owns it, so it counts as verified on any device, with every subscription made
 * for it. Otherwise the signed `subscriber` cookie of this browser, which proves only the Stripe
 * customer its own checkout paid as. When both are verified but differ (paid as one address in
 * this browser, signed in to Clerk as another), the one with an active subscription wins, so
 * signing in never locks out what this browser paid for.
 */
export async function currentSubscriber({ cookies, locals }: RequestVisitor): Promise<CurrentSubscriber | null> {
  const user = locals.clerkUser;
  const fromCookie = await withNamedCustomer(readSubscriber(cookies));
  if (!(user?.email && user.emailVerified)) return fromCookie;
  const sameEmail = fromCookie?.verified && fromCookie.email === user.email;
  const clerk: CurrentSubscriber = { email: user.email, verified: true, customer: sameEmail ? fromCookie.customer : null, emailProven: true };
  if (!fromCookie?.verified || sameEmail) return clerk;
  if ((await statusOf(clerk)).isActive) return clerk;
  return (await statusOf(fromCookie)).isActive ? fromCookie : clerk;
}

/**
 * What the visitor has proved about this address, or null when nothing: the Clerk-verified primary
 * email (with every subscription made for it), or this browser's paid checkout for it (with its
 * own customer only). Anything a visitor merely typed does not count.
 */
export async function proofFor({ cookies, locals }: RequestVisitor, email: string): Promise<CurrentSubscriber | null> {
  const user = locals.clerkUser;
  const cookie = await withNamedCustomer(readSubscriber(cookies));
  const paidHere = cookie?.verified && cookie.email === email ? cookie : null;
  if (user?.email && user.emailVerified && user.email === email) {
    return { email, verified: true, customer: paidHere?.customer ?? null, emailProven: true };
  }
  return paidHere;
}
