import { describe, expect, it } from 'vitest';
import { distancesFrom, milesBetween, milesLabel, nearestFirst } from '../../src/lib/geo';

const OLD_TOWN = { latitude: 33.4936, longitude: -111.9264 };

describe('distances', () => {
  it('miles between two Scottsdale places, said as people say them', () => {
    // Old Town to Pinnacle Peak trailhead: about 17 miles as the crow flies.
    expect(milesBetween(OLD_TOWN, { latitude: 33.7297, longitude: -111.8614 })).toBeCloseTo(16.7, 0);
    expect(milesLabel(0.04)).toBe('0.1 mi');
    expect(milesLabel(3.24)).toBe('3.2 mi');
    expect(milesLabel(16.7)).toBe('17 mi');
  });

  it('sorts closest first, with items that have no position last', () => {
    const items = [
      { id: 1, latitude: 33.7297, longitude: -111.8614 },
      { id: 2, latitude: null, longitude: null },
      { id: 3, latitude: 33.4942, longitude: -111.9261 },
    ];
    const distances = distancesFrom(OLD_TOWN, items);
    expect([...distances.keys()].sort()).toEqual([1, 3]);
    expect(nearestFirst(items, distances).map((item) => item.id)).toEqual([3, 1, 2]);
  });
});
