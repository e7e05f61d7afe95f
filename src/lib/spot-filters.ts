import { z } from './zod';
import { SPOT_CATEGORIES, SPOT_TAGS, type SpotCategory, type SpotTag } from './catalog';

/** The /spots sorts: Trending = most viewed. */
export const SPOT_SORTS = [
  { id: 'trending', label: 'Trending' },
  { id: 'newest', label: 'Newest' },
  { id: 'loved', label: 'Most Loved' },
  { id: 'score', label: 'Top Score' },
] as const;
export type SpotSort = (typeof SPOT_SORTS)[number]['id'];
const SORT_IDS = SPOT_SORTS.map((s) => s.id) as [SpotSort, ...SpotSort[]];

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

/** Strict form for the API: a bad value is a 400 with its reason. */
export const SpotListQuery = z.object({
  category: z.enum(SPOT_CATEGORIES).optional(),
  tag: z.array(z.enum(SPOT_TAGS)).max(SPOT_TAGS.length).default([]),
  q: z.string().trim().max(SPOT_QUERY_MAX, `q must be at most ${SPOT_QUERY_MAX} characters`).default(''),
  sort: z.enum(SORT_IDS).default('trending'),
  open: z.literal('now', { error: 'open must be now' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** URL query → the shape SpotListQuery parses (repeated `tag` becomes an array). */
export function spotQueryInput(params: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = Object.fromEntries(params);
  input.tag = params.getAll('tag');
  return input;
}

export function filtersFromQuery(query: z.infer<typeof SpotListQuery>): SpotFilters {
  return { category: query.category ?? null, tags: [...new Set(query.tag)], q: query.q, sort: query.sort, openNow: query.open === 'now', page: query.page };
}

/** Lenient form for page URLs: each bad value falls back to its default instead of failing the page. */
export function filtersFromPageUrl(params: URLSearchParams): SpotFilters {
  const category = z.enum(SPOT_CATEGORIES).safeParse(params.get('category'));
  const sort = z.enum(SORT_IDS).safeParse(params.get('sort'));
  const tags = params.getAll('tag').filter((t): t is SpotTag => (SPOT_TAGS as readonly string[]).includes(t));
  return {
    category: category.success ? category.data : null,
    tags: [...new Set(tags)],
    q: (params.get('q') ?? '').trim().slice(0, SPOT_QUERY_MAX),
    sort: sort.success ? sort.data : DEFAULT_SPOT_FILTERS.sort,
    openNow: params.get('open') === 'now',
    page: 1,
  };
}

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
