import type { SpotCategory, SpotTag } from './catalog';

/** The /spots sorts: Trending = most viewed. */
export const SPOT_SORTS = [
  { id: 'trending', label: 'Trending' },
  { id: 'newest', label: 'Newest' },
  { id: 'loved', label: 'Most Loved' },
  { id: 'score', label: 'Top Score' },
] as const;
export type SpotSort = (typeof SPOT_SORTS)[number]['id'];
export const SORT_IDS = SPOT_SORTS.map((s) => s.id) as [SpotSort, ...SpotSort[]];

export const SPOTS_PAGE_SIZE = 24;
export const SPOT_QUERY_MAX = 100;

export interface SpotFilters {
  category: SpotCategory | null;
  tags: SpotTag[];
  q: string;
  sort: SpotSort;
  /** Only spots open right now (city time, from their structured hours). */
  openNow: boolean;
  page: number;
}

export const DEFAULT_SPOT_FILTERS: SpotFilters = { category: null, tags: [], q: '', sort: 'trending', openNow: false, page: 1 };

/** The query string for filters, defaults left out so URLs stay short and shareable. */
export function spotFiltersSearch(filters: SpotFilters, options: { includePage?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.q) params.set('q', filters.q);
  if (filters.sort !== DEFAULT_SPOT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.openNow) params.set('open', 'now');
  if (options.includePage && filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasActiveFilters(filters: SpotFilters): boolean {
  return Boolean(filters.category || filters.tags.length || filters.q || filters.openNow);
}
