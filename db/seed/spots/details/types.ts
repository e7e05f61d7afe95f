import type { OpeningHours } from '../../../../src/lib/opening-hours';

export type PriceLevel = 1 | 2 | 3 | 4;

export interface SeedSpotDetails {
  /** Neighbourhood or area as locals say it: 'Old Town', 'Arts District', 'North Scottsdale', 'McCormick Ranch', 'Gainey Ranch', 'DC Ranch', 'Pinnacle Peak', 'South Scottsdale', 'Paradise Valley', 'Arcadia' (Phoenix), 'Cave Creek'... Places just outside Scottsdale say where they really are. */
  neighbourhood: string;
  /** Street address with city, state and ZIP, e.g. '3815 N Brown Ave, Scottsdale, AZ 85251'. For trails: the trailhead's address or road. */
  address: string;
  /** WGS84 coordinates of the real place (trails: the trailhead), 5 decimals. */
  lat: number;
  lng: number;
  /** $–$$$$ for places you pay at (restaurants, bars, paid attractions); null for free places (trails, plazas, free events). */
  priceLevel: PriceLevel | null;
  hours: OpeningHours;
  /** One line for cards, ≤ 90 characters, in the guide's voice; never repeats the name. */
  hook: string;
  /** Know before you go: three short practical lines. */
  knowBeforeYouGo: { bestTime: string; parking: string; bring: string };
  /** One insider tip a local would give, 1–2 sentences. */
  insiderTip: string;
}

/** Said of annual events whose dates move from year to year. */
export const ANNUAL_NOTE = 'Dates move a little each year; check the website before you go.';
