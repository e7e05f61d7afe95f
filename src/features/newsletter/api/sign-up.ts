import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { signUpForNewsletter } from '../../../server/newsletter/signup';

/** POST /api/subscribe: the same thanks whoever the address belongs to. */
export type NewsletterSignup = Wire<Awaited<ReturnType<typeof signUpForNewsletter>>>;

/** Asks for Scottsdale Weekly at `email`; the address gets a confirmation link (double opt-in). */
export function signUpForWeekly(email: string): Promise<NewsletterSignup> {
  return apiSend<NewsletterSignup>('POST', '/api/subscribe', { email });
}
