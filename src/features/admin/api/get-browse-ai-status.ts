import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { browseAiStatus } from '../../../server/content/event-scraping';

/** GET /api/browse-ai/status (admin only): the events robot, its source and the last task. */
export type BrowseAiStatus = Wire<Awaited<ReturnType<typeof browseAiStatus>>>;

export function getBrowseAiStatus(): Promise<BrowseAiStatus> {
  return apiGet<BrowseAiStatus>('/api/browse-ai/status');
}

export function browseAiStatusQueryOptions() {
  return queryOptions({ queryKey: ['/api/browse-ai/status'], queryFn: getBrowseAiStatus });
}

export function useBrowseAiStatus() {
  return useQuery(browseAiStatusQueryOptions());
}
