import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '../../../browser/query-client';
import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { triggerEventScraping } from '../../../server/content/event-scraping';

/** POST /api/browse-ai/trigger (admin only): the task started; errors carry the reason in `error`. */
export type BrowseAiTrigger = Wire<Awaited<ReturnType<typeof triggerEventScraping>>>;

export function triggerBrowseAi(): Promise<BrowseAiTrigger> {
  return apiSend<BrowseAiTrigger>('POST', '/api/browse-ai/trigger');
}

export function useTriggerBrowseAi({ mutationConfig }: { mutationConfig?: MutationConfig<typeof triggerBrowseAi> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: triggerBrowseAi });
}
