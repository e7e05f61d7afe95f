import { queryOptions } from '@tanstack/react-query';
import type { savedSpotsOf } from '../../../server/spots/saved';
import { apiGet, apiRequest } from '../../../lib/api-client';

type Dated<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** A spot on a saved list, as the visitor may see it (a locked visitor: name and picture, the teaser). */
export type SavedSpot = Dated<Awaited<ReturnType<typeof savedSpotsOf>>[number]> & { locked?: true };

/** GET /api/saved */
export interface SavedAnswer {
  signedIn: boolean;
  spots: SavedSpot[];
}

/** POST /api/saved and DELETE /api/saved/{id} */
export interface SavedIdsAnswer {
  spotIds: number[];
}

export const SAVED_KEY = ['/api/saved'] as const;

/** The visitor's saved spots; `localIds` are this browser's list, used only when not signed in. */
export function savedQueryOptions(localIds: readonly number[]) {
  return queryOptions({
    queryKey: [...SAVED_KEY, localIds.join(',')],
    queryFn: async () => (await apiGet<SavedAnswer>(localIds.length ? `/api/saved?ids=${localIds.join(',')}` : '/api/saved'))!,
    staleTime: 30_000,
  });
}

export async function saveSpots(spotIds: readonly number[]): Promise<SavedIdsAnswer> {
  return (await apiRequest('POST', '/api/saved', { spotIds })).json() as Promise<SavedIdsAnswer>;
}

export async function unsaveSpot(spotId: number): Promise<SavedIdsAnswer> {
  return (await apiRequest('DELETE', `/api/saved/${spotId}`)).json() as Promise<SavedIdsAnswer>;
}
