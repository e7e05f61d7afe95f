import type { AstroCookies } from 'astro';
import { readSubscriber, type SubscriberIdentity } from './subscriber-cookie';
import { subscriptionStatus } from './subscriptions';

/** What a page or endpoint knows about the request: its cookies and what the middleware found. */
export interface RequestVisitor {
  cookies: AstroCookies;
  locals: Pick<App.Locals, 'clerkUser' | 'sessionId' | 'user'>;
}

/**
 * The visitor's subscriber identity. A Clerk user's verified primary email comes first: Clerk has
 * proved the visitor owns it, so it counts as verified on any device. Otherwise the signed
 * `subscriber` cookie of this browser. When both are verified but differ (paid as one address in
 * this browser, signed in to Clerk as another), the one with an active subscription wins, so
 * signing in never locks out what this browser paid for.
 */
export async function currentSubscriber({ cookies, locals }: RequestVisitor): Promise<SubscriberIdentity | null> {
  const user = locals.clerkUser;
  const cookie = readSubscriber(cookies);
  if (!(user?.email && user.emailVerified)) return cookie;
  const clerk: SubscriberIdentity = { email: user.email, verified: true };
  if (!cookie?.verified || cookie.email === clerk.email) return clerk;
  if ((await subscriptionStatus(clerk.email)).isActive) return clerk;
  return (await subscriptionStatus(cookie.email)).isActive ? cookie : clerk;
}

/**
 * Whether the visitor has proved they own this address: this browser's verified `subscriber`
 * cookie or the Clerk-verified primary email. Anything a visitor merely typed does not count.
 */
export function ownsSubscriberEmail({ cookies, locals }: RequestVisitor, email: string): boolean {
  const user = locals.clerkUser;
  if (user?.email && user.emailVerified && user.email === email) return true;
  const cookie = readSubscriber(cookies);
  return Boolean(cookie?.verified && cookie.email === email);
}
