import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { pendingSuggestions } from '../../../server/spots/suggestions';

/** GET /api/suggestions/pending (admin only): the suggestions waiting for a decision, oldest first. */
export type PendingSuggestions = Wire<Awaited<ReturnType<typeof pendingSuggestions>>>;

export type PendingSuggestion = PendingSuggestions[number];

export const PENDING_SUGGESTIONS_QUERY_KEY = ['/api/suggestions/pending'] as const;

export function getPendingSuggestions(): Promise<PendingSuggestions> {
  return apiGet<PendingSuggestions>('/api/suggestions/pending');
}

export function pendingSuggestionsQueryOptions() {
  return queryOptions({ queryKey: PENDING_SUGGESTIONS_QUERY_KEY, queryFn: getPendingSuggestions });
}

export function usePendingSuggestions() {
  return useQuery(pendingSuggestionsQueryOptions());
}
