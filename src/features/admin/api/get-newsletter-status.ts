import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { newsletterPanelStatus } from '../../../server/newsletter/admin-status';

/** GET /api/admin/newsletter (admin only): subscribers, this week's sending and the setup. */
export type NewsletterStatus = Wire<Awaited<ReturnType<typeof newsletterPanelStatus>>>;

export function getNewsletterStatus(): Promise<NewsletterStatus> {
  return apiGet<NewsletterStatus>('/api/admin/newsletter');
}

export function newsletterStatusQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/newsletter'], queryFn: getNewsletterStatus });
}

export function useNewsletterStatus() {
  return useQuery(newsletterStatusQueryOptions());
}
