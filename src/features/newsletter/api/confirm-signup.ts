import { apiRequest } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { confirmSignup as confirmSignupService } from '../../../server/newsletter/signup';

/** POST /api/newsletter/confirm: the confirmed address and what to tell the reader (400/409 for a bad or expired link). */
export type NewsletterConfirmation = Wire<Awaited<ReturnType<typeof confirmSignupService>>>;

/** Confirms the sign-up behind `token`. An answer that is not JSON still confirmed: nothing of it is then known. */
export async function confirmSignup(token: string | undefined): Promise<Partial<NewsletterConfirmation>> {
  const response = await apiRequest('POST', '/api/newsletter/confirm', { token });
  return (await response.json().catch(() => ({}))) as Partial<NewsletterConfirmation>;
}
