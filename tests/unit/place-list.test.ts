import { describe, expect, it } from 'vitest';
import { openingTone } from '../../src/lib/opening-hours-labels';
import {
  activeFilterChips,
  applyPlaceList,
  cuisineOf,
  cuisineOptions,
  EMPTY_FILTERS,
  filterPlaces,
  type ListedPlace,
  MIN_RATING_OPTIONS,
  type PlaceFilters,
  PLACE_SORTS,
  PRICE_RANGES,
  priceLevel,
  removeChip,
  reviewNumber,
  showingLabel,
  sortPlaces,
  tagOptions,
} from '../../src/lib/place-list';

function place(id: number, name: string, rating: number, priceRange: string, reviewCount: string, tags: string[], highlight = ''): ListedPlace {
  return { id, name, rating, priceRange, reviewCount, tags, highlight };
}

const PLACES: ListedPlace[] = [
  place(1, 'Tacos Chiwas', 4.6, '$', '1,284 reviews', ['Mexican', 'Casual', 'Patio'], 'Chihuahua-style burritos'),
  place(2, 'FnB', 4.7, '$$$', '612 reviews', ['American', 'Date Night'], 'Vegetable-forward menu'),
  place(3, 'The Mission', 4.5, '$$', '2,031 reviews', ['Latin', 'Patio', 'Date Night'], 'Tableside guacamole'),
  place(4, 'Pizzeria Bianco', 4.0, '$$', '980 reviews', ['Italian', 'Casual'], 'Wood-fired pies'),
  place(5, 'Ocean 44', 3.4, '$$$$', '45 reviews', ['Seafood', 'Date Night'], 'Raw bar'),
  place(6, 'La Hacienda', 3.5, '$$$', 'No reviews yet', ['Mexican', 'Patio'], 'Tequila flights'),
];
const names = (list: readonly ListedPlace[]) => list.map((p) => p.name);
const filters = (over: Partial<PlaceFilters>): PlaceFilters => ({ ...EMPTY_FILTERS, ...over });

describe('vocabularies', () => {
  it('offers the five sorts, four prices and four minimum ratings', () => {
    expect(PLACE_SORTS.map((s) => [s.id, s.label])).toEqual([
      ['rating', 'Rating'],
      ['reviews', 'Reviews'],
      ['price-asc', 'Price: Low to High'],
      ['price-desc', 'Price: High to Low'],
      ['name', 'Name A-Z'],
    ]);
    expect(PRICE_RANGES).toEqual(['$', '$$', '$$$', '$$$$']);
    expect(MIN_RATING_OPTIONS).toEqual([4.5, 4.0, 3.5, 3.0]);
  });
});

describe('field readers', () => {
  it.each([
    ['$', 1],
    ['$$$$', 4],
    ['', 0],
    ['$$ - $$$', 5],
  ])('priceLevel(%j) = %i', (text, level) => {
    expect(priceLevel(text)).toBe(level);
  });
  it.each([
    ['1,284 reviews', 1284],
    ['612', 612],
    ['No reviews yet', 0],
    ['', 0],
  ])('reviewNumber(%j) = %i', (text, n) => {
    expect(reviewNumber(text)).toBe(n);
  });
  it('cuisine is the first tag, or null', () => {
    expect(cuisineOf({ tags: ['Mexican', 'Patio'] })).toBe('Mexican');
    expect(cuisineOf({ tags: [] })).toBeNull();
  });
});

describe('filterPlaces', () => {
  it.each<[string, Partial<PlaceFilters>, string[]]>([
    ['no filters', {}, ['Tacos Chiwas', 'FnB', 'The Mission', 'Pizzeria Bianco', 'Ocean 44', 'La Hacienda']],
    ['fuzzy query on a name', { query: 'tcs chw' }, ['Tacos Chiwas']],
    ['query on a tag', { query: 'seafood' }, ['Ocean 44']],
    ['query on the highlight', { query: 'guac' }, ['The Mission']],
    ['one price', { priceRanges: ['$$'] }, ['The Mission', 'Pizzeria Bianco']],
    ['any of several prices', { priceRanges: ['$', '$$$$'] }, ['Tacos Chiwas', 'Ocean 44']],
    ['cuisine is the first tag only', { cuisines: ['Mexican'] }, ['Tacos Chiwas', 'La Hacienda']],
    ['a tag in second place is not a cuisine', { cuisines: ['Patio'] }, []],
    ['several cuisines', { cuisines: ['Italian', 'Latin'] }, ['The Mission', 'Pizzeria Bianco']],
    ['minimum rating 4.5', { minRating: 4.5 }, ['Tacos Chiwas', 'FnB', 'The Mission']],
    ['minimum rating 3.5 is inclusive', { minRating: 3.5 }, ['Tacos Chiwas', 'FnB', 'The Mission', 'Pizzeria Bianco', 'La Hacienda']],
    ['one tag at any position', { tags: ['Patio'] }, ['Tacos Chiwas', 'The Mission', 'La Hacienda']],
    ['every selected tag is required', { tags: ['Patio', 'Date Night'] }, ['The Mission']],
    ['combined', { priceRanges: ['$', '$$$'], cuisines: ['Mexican'], minRating: 3.5, tags: ['Patio'] }, ['Tacos Chiwas', 'La Hacienda']],
    ['combined with a query', { query: 'tequila', priceRanges: ['$', '$$$'], tags: ['Patio'] }, ['La Hacienda']],
    ['nothing matches', { query: 'sushi' }, []],
  ])('%s', (_, over, expected) => {
    expect(names(filterPlaces(PLACES, filters(over)))).toEqual(expected);
  });
});

describe('sortPlaces', () => {
  it.each<[(typeof PLACE_SORTS)[number]['id'], string[]]>([
    ['rating', ['FnB', 'Tacos Chiwas', 'The Mission', 'Pizzeria Bianco', 'La Hacienda', 'Ocean 44']],
    ['reviews', ['The Mission', 'Tacos Chiwas', 'Pizzeria Bianco', 'FnB', 'Ocean 44', 'La Hacienda']],
    ['price-asc', ['Tacos Chiwas', 'Pizzeria Bianco', 'The Mission', 'FnB', 'La Hacienda', 'Ocean 44']],
    ['price-desc', ['Ocean 44', 'FnB', 'La Hacienda', 'Pizzeria Bianco', 'The Mission', 'Tacos Chiwas']],
    ['name', ['FnB', 'La Hacienda', 'Ocean 44', 'Pizzeria Bianco', 'Tacos Chiwas', 'The Mission']],
  ])('%s', (sort, expected) => {
    expect(names(sortPlaces(PLACES, sort))).toEqual(expected);
  });

  it('returns a new array and leaves the input alone', () => {
    const before = names(PLACES);
    const sorted = sortPlaces(PLACES, 'name');
    expect(sorted).not.toBe(PLACES);
    expect(names(PLACES)).toEqual(before);
  });

  it('breaks ties by name, then id', () => {
    const twins = [place(9, 'Zed', 4, '$', '1', []), place(8, 'Alpha', 4, '$', '1', []), place(7, 'Alpha', 4, '$', '1', [])];
    for (const sort of PLACE_SORTS) {
      expect(sortPlaces(twins, sort.id).map((p) => p.id)).toEqual([7, 8, 9]);
    }
  });
});

describe('applyPlaceList', () => {
  it('filters, then sorts', () => {
    expect(names(applyPlaceList(PLACES, filters({ tags: ['Date Night'] }), 'price-asc'))).toEqual(['The Mission', 'FnB', 'Ocean 44']);
  });

  it('handles 500 places quickly and correctly', () => {
    const cuisines = ['Mexican', 'Italian', 'Thai', 'American', 'Sushi'];
    const many = Array.from({ length: 500 }, (_, i) =>
      place(i + 1, `Place ${String(i).padStart(3, '0')}`, 3 + (i % 21) / 10, '$'.repeat((i % 4) + 1), `${(i * 37) % 1000} reviews`, [
        cuisines[i % 5]!,
        i % 2 === 0 ? 'Patio' : 'Indoor',
        'Local Favorite',
      ]),
    );
    const wanted = filters({ cuisines: ['Thai'], priceRanges: ['$$', '$$$$'], minRating: 4.5, tags: ['Indoor'] });
    const result = applyPlaceList(many, wanted, 'reviews');

    const expected = many
      .filter((p, i) => i % 5 === 2 && (i % 4 === 1 || i % 4 === 3) && p.rating >= 4.5 && i % 2 === 1)
      .sort((a, b) => reviewNumber(b.reviewCount) - reviewNumber(a.reviewCount));
    expect(result.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    // Worked out by hand: i ≡ 7 (mod 10) and i mod 21 ≥ 15, most reviews first.
    expect(result.map((p) => p.id)).toEqual([378, 188, 458, 268, 398, 208, 478, 18, 418, 228, 38, 168, 438, 248, 58]);
    expect(result.every((p) => p.tags[0] === 'Thai' && p.rating >= 4.5 && p.tags.includes('Indoor'))).toBe(true);
  });
});

describe('options', () => {
  it('cuisines are the sorted unique first tags', () => {
    expect(cuisineOptions(PLACES)).toEqual(['American', 'Italian', 'Latin', 'Mexican', 'Seafood']);
  });
  it('tags are the sorted unique tags at every position', () => {
    expect(tagOptions(PLACES)).toEqual(['American', 'Casual', 'Date Night', 'Italian', 'Latin', 'Mexican', 'Patio', 'Seafood']);
  });
  it('no places, no options', () => {
    expect(cuisineOptions([])).toEqual([]);
    expect(tagOptions([])).toEqual([]);
  });
});

describe('active-filter chips', () => {
  const busy = filters({
    query: ' taco ',
    priceRanges: ['$$', '$'],
    cuisines: ['Mexican'],
    minRating: 4,
    tags: ['Patio', 'Casual'],
  });

  it('no chips without filters', () => {
    expect(activeFilterChips(EMPTY_FILTERS)).toEqual([]);
    expect(activeFilterChips(filters({ query: '   ' }))).toEqual([]);
  });

  it('one chip per active value', () => {
    expect(activeFilterChips(busy)).toEqual([
      { key: 'query', label: 'Search: "taco"' },
      { key: 'price:$$', label: '$$' },
      { key: 'price:$', label: '$' },
      { key: 'cuisine:Mexican', label: 'Mexican' },
      { key: 'minRating', label: '4.0+ stars' },
      { key: 'tag:Patio', label: 'Patio' },
      { key: 'tag:Casual', label: 'Casual' },
    ]);
    expect(activeFilterChips(filters({ minRating: 4.5 }))).toEqual([{ key: 'minRating', label: '4.5+ stars' }]);
  });

  it.each<[string, Partial<PlaceFilters>]>([
    ['query', { query: '' }],
    ['price:$$', { priceRanges: ['$'] }],
    ['price:$', { priceRanges: ['$$'] }],
    ['cuisine:Mexican', { cuisines: [] }],
    ['minRating', { minRating: null }],
    ['tag:Patio', { tags: ['Casual'] }],
    ['tag:Casual', { tags: ['Patio'] }],
    ['tag:Unknown', {}],
    ['nonsense', {}],
  ])('removing %s takes away only that value', (key, change) => {
    expect(removeChip(busy, key)).toEqual({ ...busy, ...change });
  });

  it('removing every chip gives empty filters and leaves the original alone', () => {
    const cleared = activeFilterChips(busy).reduce((f, chip) => removeChip(f, chip.key), busy);
    expect(cleared).toEqual(EMPTY_FILTERS);
    expect(activeFilterChips(busy)).toHaveLength(7);
  });
});

describe('labels', () => {
  it.each<[number, number, string | undefined, string]>([
    [3, 6, undefined, 'Showing 3 of 6 restaurants'],
    [0, 0, undefined, 'Showing 0 of 0 restaurants'],
    [6, 6, 'activities', 'Showing 6 of 6 activities'],
  ])('showingLabel(%i, %i, %s)', (shown, total, noun, expected) => {
    expect(showingLabel(shown, total, noun)).toBe(expected);
  });

  it.each<[string, 'open' | 'closed' | 'neutral']>([
    ['Open now', 'open'],
    ['Open now · Closes 10 PM', 'open'],
    ['Closed', 'closed'],
    ['Closed · Opens 11 AM', 'closed'],
    ['Opens at 5 PM', 'neutral'],
    ['open now', 'neutral'],
    ['', 'neutral'],
  ])('openingTone(%j) = %s', (status, tone) => {
    expect(openingTone(status)).toBe(tone);
  });
});
