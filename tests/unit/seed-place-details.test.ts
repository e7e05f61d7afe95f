import { describe, expect, it } from 'vitest';
import { seedPlaces } from '../../db/seed/places';
import { placeDetails, type SeedPlaceDetails } from '../../db/seed/places/details';
import { spotDetails } from '../../db/seed/spots/details';
import type { OpeningHours } from '../../src/lib/opening-hours';

/** Places listed under another name than the seeded spot for the same real place. */
const SAME_PLACE_AS_SPOT: Record<string, string> = {
  'Taliesin West Guided Tour': 'Taliesin West',
  'Pinnacle Peak Park': 'Pinnacle Peak Trail',
  'Camelback Mountain Echo Canyon': 'Camelback Mountain Echo Canyon Trail',
  'Scottsdale Museum of Contemporary Art': 'Knight Rise Skyspace at SMoCA',
};

const entries = Object.entries(placeDetails) as [string, SeedPlaceDetails][];
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const WEEK = 7 * 24 * 60;

function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function hoursProblems(hours: OpeningHours): string[] {
  const problems: string[] = [];
  if (hours.note !== undefined && hours.note.trim() === '') problems.push('empty note');
  if (hours.kind === 'always' || hours.kind === 'daylight') return problems;
  if (hours.kind !== 'weekly') return [`unknown kind ${(hours as { kind: string }).kind}`];
  if (hours.rules.length === 0) problems.push('weekly hours without rules');
  for (const rule of hours.rules) {
    if (rule.days.length === 0) problems.push('rule without days');
    if (new Set(rule.days).size !== rule.days.length) problems.push(`repeated day in ${rule.days.join(',')}`);
    for (const day of rule.days) if (!Number.isInteger(day) || day < 0 || day > 6) problems.push(`bad day ${day}`);
    if (!CLOCK.test(rule.open) || rule.open === '24:00') problems.push(`bad open ${rule.open}`);
    if (!CLOCK.test(rule.close)) problems.push(`bad close ${rule.close}`);
    if (rule.open === rule.close) problems.push(`open equals close ${rule.open}`);
  }
  // A day may sit in two rules only when they cover different parts of it (lunch and dinner);
  // nights that run past midnight must not run into the next day's opening either.
  const spans = hours.rules.flatMap((rule) =>
    rule.days.map((day) => {
      const open = minutes(rule.open);
      const close = minutes(rule.close);
      const start = day * 24 * 60 + open;
      return { day, start, end: start + (close <= open ? close + 24 * 60 : close) - open };
    }),
  );
  for (const [i, a] of spans.entries()) {
    for (const b of spans.slice(i + 1)) {
      for (const shift of [-WEEK, 0, WEEK]) {
        if (a.start < b.end + shift && b.start + shift < a.end) problems.push(`rules overlap on days ${a.day} and ${b.day}`);
      }
    }
  }
  if (hours.seasons !== undefined) {
    if (hours.seasons.length === 0) problems.push('empty seasons');
    for (const season of hours.seasons) {
      if (!isMonthDay(season.from)) problems.push(`bad season start ${season.from}`);
      if (!isMonthDay(season.to)) problems.push(`bad season end ${season.to}`);
    }
  }
  return problems;
}

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
    expect(hoursProblems(details.hours)).toEqual([]);
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
