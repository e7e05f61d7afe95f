import { describe, expect, it } from 'vitest';
import { seedSpots } from '../../db/seed/spots';
import { spotDetails, type SeedSpotDetails } from '../../db/seed/spots/details';
import { hoursProblems } from '../support/seed-hours';

/** Spots that cost nothing to visit: every hike, plus the free plazas, studios, shops and events. */
const FREE_SPOTS = new Set([
  "Tom's Thumb Trail",
  'Gateway Loop Trail',
  'Pinnacle Peak Trail',
  'Camelback Mountain Echo Canyon Trail',
  'Lost Dog Wash Trail',
  "Brown's Ranch Trailhead",
  'Sunrise Trail',
  'Granite Mountain Loop',
  'Indian Bend Wash Greenbelt',
  'Marcus Landslide Trail',
  'Cattle Track Arts Compound',
  'Cosanti',
  'Soleri Bridge and Plaza',
  'The Poisoned Pen Bookstore',
  'Scottsdale ArtWalk',
  'Old Town Scottsdale Farmers Market',
  'Canal Convergence',
  'Parada del Sol Parade & Rodeo',
  "Sunday A'Fair",
]);

const entries = Object.entries(spotDetails) as [string, SeedSpotDetails][];
/** Every prose string of an entry (not the neighbourhood, which many spots share). */
function proseStrings(details: SeedSpotDetails): string[] {
  const { bestTime, parking, bring } = details.knowBeforeYouGo;
  return [details.address, details.hook, bestTime, parking, bring, details.insiderTip];
}

describe('seeded spot details', () => {
  it('has details for every seeded spot and nothing else', () => {
    const names = seedSpots.map((spot) => spot.name).sort();
    expect(Object.keys(spotDetails).sort()).toEqual(names);
    expect(names).toHaveLength(47);
  });

  it.each(entries)('%s: hook is short and does not repeat the name', (name, details) => {
    expect(details.hook.trim()).not.toBe('');
    expect(details.hook.length).toBeLessThanOrEqual(90);
    expect(details.hook.toLowerCase()).not.toContain(name.toLowerCase());
  });

  it.each(entries)('%s: neighbourhood and address look real', (_name, details) => {
    expect(details.neighbourhood.trim()).not.toBe('');
    expect(details.address).toContain(', AZ 8');
    expect(details.address).toMatch(/, AZ 8\d{4}$/);
  });

  it.each(entries)('%s: coordinates lie in the Scottsdale area with at most 5 decimals', (_name, details) => {
    expect(details.lat).toBeGreaterThanOrEqual(33.4);
    expect(details.lat).toBeLessThanOrEqual(33.9);
    expect(details.lng).toBeGreaterThanOrEqual(-112.05);
    expect(details.lng).toBeLessThanOrEqual(-111.6);
    expect(Number(details.lat.toFixed(5))).toBe(details.lat);
    expect(Number(details.lng.toFixed(5))).toBe(details.lng);
  });

  it('no two spots share coordinates or an address', () => {
    const coordinates = entries.map(([, d]) => `${d.lat.toFixed(5)},${d.lng.toFixed(5)}`);
    expect(new Set(coordinates).size).toBe(entries.length);
    const addresses = entries.map(([, d]) => d.address.toLowerCase());
    expect(new Set(addresses).size).toBe(entries.length);
  });

  it('prices only the places you pay at; free ones (all hikes included) have no price level', () => {
    for (const spot of seedSpots) if (spot.category === 'hike') expect(FREE_SPOTS.has(spot.name), spot.name).toBe(true);
    for (const [name, details] of entries) {
      if (FREE_SPOTS.has(name)) expect(details.priceLevel, name).toBeNull();
      else expect([1, 2, 3, 4], name).toContain(details.priceLevel);
    }
    const levels = new Set(entries.map(([, d]) => d.priceLevel).filter((level) => level !== null));
    expect([...levels].sort()).toEqual([1, 2, 3, 4]);
  });

  it.each(entries)('%s: opening hours are well formed', (_name, details) => {
    expect(hoursProblems(details.hours, { splitDays: false })).toEqual([]);
  });

  it('includes places closed on some days, so "closed all day" is exercised', () => {
    const closedSomeDay = entries.filter(([, d]) => d.hours.kind === 'weekly' && !d.hours.seasons && new Set(d.hours.rules.flatMap((r) => r.days)).size < 7);
    expect(closedSomeDay.length).toBeGreaterThanOrEqual(3);
  });

  it.each(entries)('%s: know-before-you-go and insider tip are filled in and short', (_name, details) => {
    const { bestTime, parking, bring } = details.knowBeforeYouGo;
    for (const text of [bestTime, parking, bring, details.insiderTip]) {
      expect(text.trim()).not.toBe('');
      expect(text.length).toBeLessThanOrEqual(220);
    }
  });

  it('orders food and drinks, and brings water to hikes', () => {
    const byName = new Map(seedSpots.map((spot) => [spot.name, spot]));
    for (const [name, details] of entries) {
      const category = byName.get(name)?.category;
      if (category === 'food' || category === 'drinks') expect(details.knowBeforeYouGo.bring, name).toMatch(/^Order /);
      if (category === 'hike') expect(details.knowBeforeYouGo.bring.toLowerCase(), name).toMatch(/water|bottle/);
    }
  });

  it('keeps every prose string distinct and in the guide voice', () => {
    const all = entries.flatMap(([, d]) => proseStrings(d));
    expect(new Set(all).size).toBe(all.length);
    const notes = entries.flatMap(([, d]) => (d.hours.note ? [d.hours.note] : []));
    for (const text of [...all, ...notes]) {
      expect(text).not.toContain('!');
      expect(text.toLowerCase()).not.toMatch(/hidden gem|must-see|nestled/);
    }
  });
});
