import { apiRequest } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { resubscribe as resubscribeService } from '../../../server/newsletter/signup';

/** POST /api/newsletter/resubscribe: what to tell the reader, and whether the address is back or waits for its link. */
export type NewsletterResubscription = Wire<Awaited<ReturnType<typeof resubscribeService>>>;

/** Asks for the newsletter back for the reader of an unsubscribe link. An answer that is not JSON still succeeded. */
export async function resubscribe(token: string | undefined): Promise<Partial<NewsletterResubscription>> {
  const response = await apiRequest('POST', '/api/newsletter/resubscribe', { token });
  return (await response.json().catch(() => ({}))) as Partial<NewsletterResubscription>;
}
