import type { AstroCookies } from 'astro';
import { readSubscriber, type SubscriberIdentity } from './subscriber-cookie';

/** What a page or endpoint knows about the request: its cookies and what the middleware found. */
export interface RequestVisitor {
  cookies: AstroCookies;
  locals: Pick<App.Locals, 'clerkUser' | 'sessionId'>;
}

/**
 * The visitor's subscriber identity. A Clerk user's verified primary email comes first: Clerk has
 * proved the visitor owns it, so it counts as verified on any device. Otherwise the signed
 * `subscriber` cookie of this browser.
 */
export function currentSubscriber({ cookies, locals }: RequestVisitor): SubscriberIdentity | null {
  const user = locals.clerkUser;
  if (user?.email && user.emailVerified) return { email: user.email, verified: true };
  return readSubscriber(cookies);
}
