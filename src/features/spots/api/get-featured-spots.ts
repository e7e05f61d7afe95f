import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../browser/query-client';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { featuredSpotsFor } from '../../../server/spots/reads';

/** GET /api/spots/featured, shaped for the visitor. */
export type FeaturedSpots = Wire<Awaited<ReturnType<typeof featuredSpotsFor>>['spots']>;

export const FEATURED_SPOTS_QUERY_KEY = ['/api/spots/featured'] as const;

export function getFeaturedSpots(): Promise<FeaturedSpots> {
  return apiGet<FeaturedSpots>('/api/spots/featured');
}

export function featuredSpotsQueryOptions() {
  return queryOptions({ queryKey: FEATURED_SPOTS_QUERY_KEY, queryFn: getFeaturedSpots });
}

export function useFeaturedSpots(queryConfig: QueryConfig<typeof featuredSpotsQueryOptions> = {}) {
  return useQuery({ ...featuredSpotsQueryOptions(), ...queryConfig });
}
