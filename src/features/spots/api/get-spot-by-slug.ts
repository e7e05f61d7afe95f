import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../browser/query-client';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { spotBySlugFor } from '../../../server/spots/reads';

/**
 * GET /api/spots/by-slug/{slug}: one spot shaped for the visitor (premium fields only when
 * entitled; reading never counts a view), its opening status now, and the three closest spots.
 */
export type SpotBySlug = Wire<Omit<Awaited<ReturnType<typeof spotBySlugFor>>, 'entitled'>>;

export function getSpotBySlug(slug: string): Promise<SpotBySlug> {
  return apiGet<SpotBySlug>(`/api/spots/by-slug/${encodeURIComponent(slug)}`);
}

export function spotBySlugQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['/api/spots/by-slug', slug] as const, queryFn: () => getSpotBySlug(slug) });
}

export function useSpotBySlug(slug: string, queryConfig: QueryConfig<typeof spotBySlugQueryOptions> = {}) {
  return useQuery({ ...spotBySlugQueryOptions(slug), ...queryConfig });
}
