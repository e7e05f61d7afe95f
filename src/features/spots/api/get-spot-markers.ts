import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../browser/query-client';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { spotMarkers } from '../../../server/spots/spots';

/** GET /api/spots/map: every matching spot with a position, for the map and "near me". */
export type SpotMarkers = Wire<{ markers: Awaited<ReturnType<typeof spotMarkers>> }>;
export type SpotMarker = SpotMarkers['markers'][number];

/** `search` is the listing's query string (spotFiltersSearch), so the map shows what the list shows. */
export function getSpotMarkers(search: string): Promise<SpotMarkers> {
  return apiGet<SpotMarkers>(`/api/spots/map${search}`);
}

export function spotMarkersQueryOptions(search: string) {
  return queryOptions({ queryKey: ['/api/spots/map', search] as const, queryFn: () => getSpotMarkers(search) });
}

export function useSpotMarkers(search: string, queryConfig: QueryConfig<typeof spotMarkersQueryOptions> = {}) {
  return useQuery({ ...spotMarkersQueryOptions(search), ...queryConfig });
}
