import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { PREMIUM_SPOTS_READ } from '../../../lib/premium';
import type { SpotsPage } from './get-spots';

/**
 * The home page's members-only block: the best-scored hidden gems (src/lib/premium.ts). Apart from
 * the listing's paged reads in ./get-spots, which the home page does not need.
 */
export function premiumSpotsQueryOptions() {
  return queryOptions({ queryKey: [PREMIUM_SPOTS_READ], queryFn: () => apiGet<SpotsPage>(PREMIUM_SPOTS_READ) });
}

export function usePremiumSpots() {
  return useQuery(premiumSpotsQueryOptions());
}
