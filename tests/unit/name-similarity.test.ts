import { describe, expect, it } from 'vitest';
import { metresApart, nameSimilarity } from '../../src/lib/name-similarity';
import { priceLevelFrom, proposedValue, shownValue } from '../../src/lib/correction';

describe('nameSimilarity', () => {
  it('counts the same words in any order, accents, case, "&" and a leading "The" as the same name', () => {
    expect(nameSimilarity("Lulu's Tacos", "Tacos Lulu's")).toBe(1);
    expect(nameSimilarity('The Mission', 'mission')).toBe(1);
    expect(nameSimilarity('Café & Bar', 'cafe and bar')).toBe(1);
  });
  it('counts a name holding the other as whole words (four letters at least)', () => {
    expect(nameSimilarity('Cosanti', 'Cosanti Originals')).toBe(1);
    expect(nameSimilarity('Cos', 'Cos Originals')).toBeLessThan(0.8);
    expect(nameSimilarity('Sonora', 'Sonoran Desert Grill')).toBeLessThan(0.8);
  });
  it('scores spelling variants high and different places low', () => {
    expect(nameSimilarity('Sonoran Sol Kitchen', 'Sonora Sol Kitchen')).toBeCloseTo(0.9, 2);
    expect(nameSimilarity('Pinnacle Grill', 'Pinnacle Peak Patio')).toBeLessThan(0.8);
    expect(nameSimilarity('Cholla Cafe', 'Cholla Trailhead')).toBeLessThan(0.8);
    expect(nameSimilarity('', 'Anything')).toBe(0);
  });
  it('measures metres on the ground', () => {
    expect(Math.round(metresApart({ latitude: 33.7, longitude: -111.85 }, { latitude: 33.7 + 150 / 111_320, longitude: -111.85 }))).toBe(150);
  });
});

describe('a reader correction of the price', () => {
  it('takes $ to $$$$ or 1 to 4, and shows the level as dollar signs', () => {
    expect(priceLevelFrom(' $$$ ')).toBe(3);
    expect(priceLevelFrom('2')).toBe(2);
    expect(priceLevelFrom('$$$$$')).toBeNull();
    expect(priceLevelFrom('cheap')).toBeNull();
    expect(proposedValue('priceLevel', '$$')).toBe(2);
    expect(proposedValue('priceLevel', 'cheap')).toBe('cheap');
    expect(proposedValue('address', '1 Main St')).toBe('1 Main St');
    expect(shownValue('priceLevel', 4)).toBe('$$$$');
    expect(shownValue('hook', null)).toBe('(empty)');
  });
});
