import { describe, expect, it } from 'vitest';
import { SEASON_LEAD_DAYS, inSeason, rankedNow } from '../../src/lib/leaderboard-season';
import type { OpeningHours } from '../../src/lib/opening-hours';
import { sameSpot, normalisedName } from '../../src/lib/place-input';

const horseShow: OpeningHours = { kind: 'weekly', rules: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '08:00', close: '21:00' }], seasons: [{ from: '02-10', to: '02-28' }] };
const winterMarket: OpeningHours = { kind: 'weekly', rules: [{ days: [6], open: '08:00', close: '13:00' }], seasons: [{ from: '10-01', to: '05-31' }] };
// Noon in Scottsdale (UTC-7 all year).
const cityNoon = (day: string) => new Date(`${day}T19:00:00Z`);

describe('the leaderboard season rule', () => {
  it('a February horse show is out of season in November, ranked in the 30 days before and during its dates, and out once over', () => {
    expect(inSeason(horseShow, cityNoon('2026-11-20'))).toBe(false);
    expect(SEASON_LEAD_DAYS).toBe(30);
    expect(inSeason(horseShow, cityNoon('2026-01-10'))).toBe(false);
    expect(inSeason(horseShow, cityNoon('2026-01-11'))).toBe(true);
    expect(inSeason(horseShow, cityNoon('2026-02-28'))).toBe(true);
    expect(inSeason(horseShow, cityNoon('2026-03-01'))).toBe(false);
  });
  it('a season across the new year, and spots without seasons, are in season', () => {
    expect(inSeason(winterMarket, cityNoon('2026-12-25'))).toBe(true);
    expect(inSeason(winterMarket, cityNoon('2026-07-15'))).toBe(false);
    expect(inSeason(winterMarket, cityNoon('2026-09-01'))).toBe(true);
    expect(inSeason(null, cityNoon('2026-07-15'))).toBe(true);
    expect(inSeason({ kind: 'always' }, cityNoon('2026-07-15'))).toBe(true);
  });
  it('a closed spot is never ranked, whatever its season', () => {
    expect(rankedNow({ hours: null }, cityNoon('2026-07-15'))).toBe(true);
    expect(rankedNow({ hours: null }, cityNoon('2026-07-15'), () => true)).toBe(false);
  });
});

describe('the spot a place already is', () => {
  const spots = [
    { name: 'Cosanti', latitude: 33.5417, longitude: -111.9574 },
    { name: "Tom's Thumb Trail", latitude: 33.7, longitude: -111.8 },
  ];
  it('the same name, whatever the case, punctuation or a leading The', () => {
    expect(normalisedName('The Tom’s Thumb  Trail!')).toBe('tom s thumb trail');
    expect(sameSpot({ name: 'toms thumb trail', latitude: null, longitude: null }, spots)).toBeNull();
    expect(sameSpot({ name: "TOM'S THUMB TRAIL", latitude: null, longitude: null }, spots)?.name).toBe("Tom's Thumb Trail");
  });
  it('a name containing the other only when within 250 m', () => {
    expect(sameSpot({ name: 'Cosanti Originals', latitude: 33.5425, longitude: -111.9574 }, spots)?.name).toBe('Cosanti');
    expect(sameSpot({ name: 'Cosanti Originals', latitude: 33.55, longitude: -111.9574 }, spots)).toBeNull();
    expect(sameSpot({ name: 'Cosanti Originals', latitude: null, longitude: null }, spots)).toBeNull();
  });
});
