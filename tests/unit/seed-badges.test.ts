import { describe, expect, it } from 'vitest';
import { seedSpots } from '../../db/seed/spots';
import { isTrending } from '../../src/lib/spot-display';

describe('seeded badges mean something', () => {
  it('Trending (25 views or more, unchanged) is true of a few spots, not of the listing', () => {
    const trending = seedSpots.filter(isTrending).map((spot) => spot.name);
    expect(trending.sort()).toEqual(['Camelback Mountain Echo Canyon Trail', 'Taliesin West', 'The Mission', "Tom's Thumb Trail", 'WM Phoenix Open']);
    expect(seedSpots.length).toBeGreaterThan(40);
  });
});
