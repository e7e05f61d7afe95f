/** Rules of the restaurants and activities list: filters, sorts and chips (spec §2, §5). */
import { placeMatchesQuery } from './fuzzy-search';

/** The fields the list reads; a place of GET /api/top-restaurants or /api/top-activities always fits. */
export interface ListedPlace {
  id: number;
  name: string;
  rating: number;
  tags: string[];
  priceRange: string;
  reviewCount: string;
  highlight: string;
}

export const PLACE_SORTS = [
  { id: 'rating', label: 'Rating' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'price-asc', label: 'Price: Low to High' },
  { id: 'price-desc', label: 'Price: High to Low' },
  { id: 'name', label: 'Name A-Z' },
] as const;
export type PlaceSort = (typeof PLACE_SORTS)[number]['id'];

export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;
/** "Any" minimum rating is `null`. */
export const MIN_RATING_OPTIONS = [4.5, 4.0, 3.5, 3.0] as const;

/** The price sort uses the number of dollar signs. */
export function priceLevel(priceRange: string): number {
  let level = 0;
  for (const char of priceRange) if (char === '$') level += 1;
  return level;
}

/** The reviews sort uses the digits in the count text: '1,284 reviews' -> 1284. */
export function reviewNumber(reviewCount: string): number {
  const digits = reviewCount.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
}

/** A restaurant's cuisine is its first tag. */
export function cuisineOf(place: Pick<ListedPlace, 'tags'>): string | null {
  return place.tags[0] ?? null;
}

export interface PlaceFilters {
  query: string;
  priceRanges: string[];
  cuisines: string[];
  minRating: number | null;
  tags: string[];
}

/** Frozen, arrays included, so no caller can change "no filters" for everyone. */
export const EMPTY_FILTERS: PlaceFilters = Object.freeze({
  query: '',
  priceRanges: Object.freeze([]) as unknown as string[],
  cuisines: Object.freeze([]) as unknown as string[],
  minRating: null,
  tags: Object.freeze([]) as unknown as string[],
});

export function hasActiveFilters(filters: PlaceFilters): boolean {
  return activeFilterChips(filters).length > 0;
}

export function filterPlaces<T extends ListedPlace>(places: readonly T[], filters: PlaceFilters): T[] {
  // Sets built once, so each place costs a constant number of lookups.
  const prices = new Set(filters.priceRanges);
  const cuisines = new Set(filters.cuisines);
  const { minRating, tags, query } = filters;
  return places.filter((place) => {
    if (prices.size > 0 && !prices.has(place.priceRange)) return false;
    if (cuisines.size > 0) {
      const cuisine = cuisineOf(place);
      if (cuisine === null || !cuisines.has(cuisine)) return false;
    }
    if (minRating !== null && !(Number(place.rating) >= minRating)) return false;
    if (tags.length > 0 && !tags.every((tag) => place.tags.includes(tag))) return false;
    return placeMatchesQuery(place, query);
  });
}

const collator = new Intl.Collator('en');

function byNameThenId(a: ListedPlace, b: ListedPlace): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

/** Bigger first for rating and reviews, cheaper first for 'price-asc'; ties by name then id. */
const SORT_KEYS: Record<PlaceSort, ((place: ListedPlace) => number) | null> = {
  rating: (place) => -Number(place.rating),
  reviews: (place) => -reviewNumber(place.reviewCount),
  'price-asc': (place) => priceLevel(place.priceRange),
  'price-desc': (place) => -priceLevel(place.priceRange),
  name: null,
};

/** A new array; the input is left alone. */
export function sortPlaces<T extends ListedPlace>(places: readonly T[], sort: PlaceSort): T[] {
  const key = SORT_KEYS[sort];
  if (key === null) return [...places].sort(byNameThenId);
  // Keys computed once per place rather than once per comparison.
  return places
    .map((place) => ({ place, key: key(place) }))
    .sort((a, b) => a.key - b.key || byNameThenId(a.place, b.place))
    .map(({ place }) => place);
}

export function applyPlaceList<T extends ListedPlace>(places: readonly T[], filters: PlaceFilters, sort: PlaceSort): T[] {
  return sortPlaces(filterPlaces(places, filters), sort);
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(collator.compare);
}

export function cuisineOptions(places: readonly Pick<ListedPlace, 'tags'>[]): string[] {
  return sortedUnique(places.flatMap((place) => place.tags.slice(0, 1)));
}

export function tagOptions(places: readonly Pick<ListedPlace, 'tags'>[]): string[] {
  return sortedUnique(places.flatMap((place) => place.tags));
}

export interface FilterChip {
  key: string;
  label: string;
}

export function minRatingLabel(minRating: number): string {
  return `${minRating.toFixed(1)}+ stars`;
}

/** One chip per active filter value, in the order the filters appear. */
export function activeFilterChips(filters: PlaceFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const query = filters.query.trim();
  if (query !== '') chips.push({ key: 'query', label: `Search: "${query}"` });
  for (const price of filters.priceRanges) chips.push({ key: `price:${price}`, label: price });
  for (const cuisine of filters.cuisines) chips.push({ key: `cuisine:${cuisine}`, label: cuisine });
  if (filters.minRating !== null) {
    chips.push({ key: 'minRating', label: minRatingLabel(filters.minRating) });
  }
  for (const tag of filters.tags) chips.push({ key: `tag:${tag}`, label: tag });
  return chips;
}

/** The filters without the value behind the chip `key`; unknown keys change nothing. */
export function removeChip(filters: PlaceFilters, key: string): PlaceFilters {
  if (key === 'query') return { ...filters, query: '' };
  if (key === 'minRating') return { ...filters, minRating: null };
  const split = key.indexOf(':');
  if (split < 0) return filters;
  const kind = key.slice(0, split);
  const value = key.slice(split + 1);
  const without = (values: string[]) => values.filter((v) => v !== value);
  if (kind === 'price') return { ...filters, priceRanges: without(filters.priceRanges) };
  if (kind === 'cuisine') return { ...filters, cuisines: without(filters.cuisines) };
  if (kind === 'tag') return { ...filters, tags: without(filters.tags) };
  return filters;
}

export function showingLabel(shown: number, total: number, noun = 'restaurants'): string {
  return `Showing ${shown} of ${total} ${noun}`;
}
