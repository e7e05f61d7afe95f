// Reading /spots filters from a request: the API's strict zod schema and the page's lenient
// reading. Server side only; the browser builds and reads filters with ./spot-filters, without zod.
import { z } from './zod';
import { SPOT_CATEGORIES, SPOT_TAGS, type SpotTag } from './catalog';
import { DEFAULT_SPOT_FILTERS, SORT_IDS, SPOT_QUERY_MAX, type SpotFilters } from './spot-filters';

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
