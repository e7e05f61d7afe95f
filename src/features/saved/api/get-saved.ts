import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { savedListFor } from '../../../server/spots/saved';

/** GET /api/saved: whether the visitor is signed in, and their saved spots as they may see them. */
export type SavedList = Wire<Awaited<ReturnType<typeof savedListFor>>>;
export type SavedSpot = SavedList['spots'][number];

export const SAVED_QUERY_KEY = ['/api/saved'] as const;

/** `browserIds`: this browser's own list, read only when the visitor is not signed in. */
export function getSaved(browserIds: readonly number[]): Promise<SavedList> {
  return apiGet<SavedList>(browserIds.length ? `/api/saved?ids=${browserIds.join(',')}` : '/api/saved');
}

export function savedQueryOptions(browserIds: readonly number[]) {
  return queryOptions({ queryKey: [...SAVED_QUERY_KEY, browserIds.join(',')], queryFn: () => getSaved(browserIds), staleTime: 30_000 });
}
