import type { OpeningHours } from '../../../../src/lib/opening-hours';
import { spotDetails } from '../../spots/details';

export interface SeedPlaceDetails {
  /** WGS84 coordinates of the real place, 5 decimals. */
  lat: number;
  lng: number;
  hours: OpeningHours;
}

/**
 * The coordinates and hours of a place that is also a seeded spot, taken from the spot's entry so
 * the two never drift apart. `spotName` differs from the place's name only where the same real
 * place is listed under another name (the Taliesin West tour, Pinnacle Peak Park...).
 */
export function sameAsSpot(spotName: string): SeedPlaceDetails {
  const spot = spotDetails[spotName];
  if (!spot) throw new Error(`No seeded spot named ${spotName}`);
  return { lat: spot.lat, lng: spot.lng, hours: spot.hours };
}

export const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;
export const GOLF_NOTE = 'First tee times go out around sunrise; the last ones move earlier in winter and later in summer.';
