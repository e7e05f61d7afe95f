import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { spotsPageFor } from '../../../server/spots/reads';

/** GET /api/spots: one page of the listing and the total that matches, shaped for the visitor. */
export type SpotsPage = Wire<Awaited<ReturnType<typeof spotsPageFor>>['page']>;

/** A spot as islands receive it: whole, or with `locked: true` and only the teaser of its premium fields. */
export type Spot = SpotsPage['spots'][number];

/** The root of every listing key; a new spot invalidates them all. */
export const SPOTS_QUERY_KEY = ['/api/spots'] as const;

/** One page of the listing for `search` (the listing's query string, '' or '?category=…'); pages count from 1. */
export function getSpots(search: string, page = 1): Promise<SpotsPage> {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return apiGet<SpotsPage>(`/api/spots${query ? `?${query}` : ''}`);
}

export function spotsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...SPOTS_QUERY_KEY, search],
    queryFn: ({ pageParam }) => getSpots(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/**
 * The /spots listing, a page at a time. The server-rendered first page seeds it; while another
 * search loads, the previous results stay on screen.
 */
export function useSpots({ search, initialPage }: { search: string; initialPage?: SpotsPage }) {
  return useInfiniteQuery({
    ...spotsQueryOptions(search),
    initialData: initialPage ? { pages: [initialPage], pageParams: [1] } : undefined,
    placeholderData: keepPreviousData,
  });
}
