import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../browser/query-client';
import { apiGet } from '../../../lib/api-client';
import type { PlaceKind } from '../../../lib/catalog';
import type { Wire } from '../../../lib/wire';
import type { topPlaces } from '../../../server/spots/places';

/** GET /api/top-restaurants and /api/top-activities (spec §3): every place of the kind, best rated first. */
export type Places = Wire<Awaited<ReturnType<typeof topPlaces>>>;

/** One restaurant or activity. */
export type Place = Places[number];

export const PLACES_ENDPOINTS = { restaurant: '/api/top-restaurants', activity: '/api/top-activities' } as const satisfies Record<PlaceKind, string>;

export type PlacesEndpoint = (typeof PLACES_ENDPOINTS)[PlaceKind];

export function getPlaces(endpoint: PlacesEndpoint): Promise<Places> {
  return apiGet<Places>(endpoint);
}

export function placesQueryOptions(endpoint: PlacesEndpoint) {
  return queryOptions({ queryKey: [endpoint], queryFn: () => getPlaces(endpoint) });
}

export function usePlaces({ endpoint, queryConfig = {} }: { endpoint: PlacesEndpoint; queryConfig?: QueryConfig<typeof placesQueryOptions> }) {
  return useQuery({ ...placesQueryOptions(endpoint), ...queryConfig });
}
