import { describe, expect, it } from 'vitest';
import { seedPlaces } from '../../db/seed/places';
import { placeDetails, type SeedPlaceDetails } from '../../db/seed/places/details';
import { spotDetails } from '../../db/seed/spots/details';
import { hoursProblems } from '../support/seed-hours';

/** Places listed under another name than the seeded spot for the same real place. */
const SAME_PLACE_AS_SPOT: Record<string, string> = {
  'Taliesin West Guided Tour': 'Taliesin West',
  'Pinnacle Peak Park': 'Pinnacle Peak Trail',
  'Camelback Mountain Echo Canyon': 'Camelback Mountain Echo Canyon Trail',
  'Scottsdale Museum of Contemporary Art': 'Knight Rise Skyspace at SMoCA',
};

const entries = Object.entries(placeDetails) as [string, SeedPlaceDetails][];
const coordinateKey = (d: { lat: number; lng: number }) => `${d.lat.toFixed(5)},${d.lng.toFixed(5)}`;

describe('seeded place details', () => {
  it('has details for every seeded place and nothing else', () => {
    const names = seedPlaces.map((place) => place.name);
    expect(new Set(names).size, 'place names are unique across kinds').toBe(names.length);
    expect(Object.keys(placeDetails).sort()).toEqual([...names].sort());
    expect(names).toHaveLength(52);
  });

  it.each(entries)('%s: coordinates lie in the Scottsdale area with at most 5 decimals', (_name, details) => {
    expect(details.lat).toBeGreaterThanOrEqual(33.4);
    expect(details.lat).toBeLessThanOrEqual(33.9);
    expect(details.lng).toBeGreaterThanOrEqual(-112.05);
    expect(details.lng).toBeLessThanOrEqual(-111.6);
    expect(Number(details.lat.toFixed(5))).toBe(details.lat);
    expect(Number(details.lng.toFixed(5))).toBe(details.lng);
  });

  it('no two places share coordinates, and a place only shares a spot’s coordinates when it is that spot', () => {
    const keys = entries.map(([, d]) => coordinateKey(d));
    expect(new Set(keys).size).toBe(entries.length);
    const spotByCoordinates = new Map(Object.entries(spotDetails).map(([name, d]) => [coordinateKey(d), name]));
    for (const [name, details] of entries) {
      const spot = spotByCoordinates.get(coordinateKey(details));
      if (spot !== undefined) expect(spot, name).toBe(SAME_PLACE_AS_SPOT[name] ?? name);
    }
  });

  it.each(entries)('%s: opening hours are well formed', (_name, details) => {
    expect(hoursProblems(details.hours, { splitDays: true })).toEqual([]);
  });

  it('includes at least five places closed all day on some weekday', () => {
    const closedSomeDay = entries.filter(([, d]) => d.hours.kind === 'weekly' && new Set(d.hours.rules.flatMap((r) => r.days)).size < 7);
    expect(closedSomeDay.length).toBeGreaterThanOrEqual(5);
  });

  it('uses the spot’s hours and coordinates for a place that is also a seeded spot', () => {
    let shared = 0;
    for (const [name, details] of entries) {
      const spotName = spotDetails[name] ? name : SAME_PLACE_AS_SPOT[name];
      if (spotName === undefined) continue;
      const spot = spotDetails[spotName];
      expect(spot, `${name} → ${spotName}`).toBeDefined();
      expect({ lat: details.lat, lng: details.lng, hours: details.hours }, name).toEqual({ lat: spot!.lat, lng: spot!.lng, hours: spot!.hours });
      shared += 1;
    }
    expect(shared).toBeGreaterThan(0);
  });
});
