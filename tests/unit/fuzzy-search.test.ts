import { describe, expect, it } from 'vitest';
import { fuzzyMatches, placeMatchesQuery } from '../../src/lib/fuzzy-search';

describe('fuzzyMatches', () => {
  it.each([
    ['', 'Anything', true],
    ['   ', 'Anything', true],
    ['taco', 'Tacos Chiwas', true],
    ['TACO', 'tacos chiwas', true],
    ['  chiwas ', 'Tacos Chiwas', true],
    ['tcs', 'Tacos Chiwas', true],
    ['t c s', 'Tacos Chiwas', true],
    ['tacos chiwas', 'Tacos Chiwas', true],
    ['sot', 'Tacos', false],
    ['pizza', 'Tacos Chiwas', false],
    ['tacoss', 'Tacos', false],
    ['x', '', false],
  ])('%j in %j -> %s', (query, text, expected) => {
    expect(fuzzyMatches(query, text)).toBe(expected);
  });
});

describe('placeMatchesQuery', () => {
  const place = { name: 'The Mission', tags: ['Latin', 'Brunch'], highlight: 'Tableside guacamole' };
  it.each([
    ['', true],
    ['mission', true],
    ['msn', true],
    ['brunch', true],
    ['latin', true],
    ['guac', true],
    ['tblsd', true],
    ['sushi', false],
  ])('%j -> %s', (query, expected) => {
    expect(placeMatchesQuery(place, query)).toBe(expected);
  });
  it('works with no tags', () => {
    expect(placeMatchesQuery({ name: 'Bar', tags: [], highlight: '' }, 'bar')).toBe(true);
    expect(placeMatchesQuery({ name: 'Bar', tags: [], highlight: '' }, 'pub')).toBe(false);
  });
});
