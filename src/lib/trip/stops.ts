/**
 * What a trip is made of, and what each kind of stop asks of the clock: how long a visit takes and
 * when in the day it belongs (lunch, dinner, early in the summer heat, at sunset). Times are minutes
 * after a city day's midnight (Scottsdale keeps UTC−7 all year).
 */
import type { SpotCategory } from '../catalog';
import { milesBetween, type LatLng } from '../geo';
import type { CityDay, OpeningHours } from '../opening-hours';

export type TripPace = 'relaxed' | 'full';

export interface TripSpot {
  /** `spot:12` or `event:40`: unique within a trip. */
  key: string;
  name: string;
  position: LatLng | null;
  kind: 'spot';
  category: SpotCategory;
  /** The hours as they hold on the trip's dates (a temporary closure already added), or null when it has none. */
  hours: OpeningHours | null;
  /** Closed for good or moved: never planned, listed with this reason. */
  closedReason?: string | null;
  /** Known for its sunset (its name, hook or tip says so). */
  sunset?: boolean;
  /** The reader fixed the start: this day at this minute. */
  pinned?: { day: CityDay; minute: number } | null;
}

export interface TripEvent {
  key: string;
  name: string;
  position: LatLng | null;
  kind: 'event';
  day: CityDay;
  /** Minutes after the day's midnight. */
  start: number;
  end: number | null;
}

export type TripStop = TripSpot | TripEvent;

/** Summer in the Sonoran desert: hikes start early or not at all. */
export const HOT_MONTHS: readonly number[] = [5, 6, 7, 8, 9];
/** In the hot months a hike starts between sunrise (6 AM at the earliest) and 9 AM. */
export const HOT_HIKE_EARLIEST_START = 6 * 60;
export const HOT_HIKE_LATEST_START = 9 * 60;
/** The day's first stop (a hike in the heat may start earlier, at sunrise). */
export const DAY_STARTS: Readonly<Record<TripPace, number>> = { relaxed: 9 * 60, full: 8 * 60 };
/** How many spots a day holds, events aside. */
export const STOPS_PER_DAY: Readonly<Record<TripPace, number>> = { relaxed: 3, full: 5 };
/** Past this the day is flagged as running late. */
export const DAY_ENDS = 22 * 60 + 30;

const VISIT_MINUTES: Readonly<Record<SpotCategory, number>> = { food: 75, drinks: 75, hike: 120, 'hidden-gem': 60, event: 90 };
export const LUNCH = { from: 11 * 60 + 30, to: 13 * 60 + 30 };
export const DINNER = { from: 17 * 60 + 30, to: 20 * 60 };
const EVENING_FROM = 16 * 60;

export function isHot(day: CityDay): boolean {
  return HOT_MONTHS.includes(Number(day.slice(5, 7)));
}

/** How long a visit takes. An event lasts until its end (two hours when it gives none). */
export function visitMinutes(stop: TripStop): number {
  if (stop.kind === 'event') return stop.end !== null && stop.end > stop.start ? stop.end - stop.start : 120;
  return stop.sunset ? 60 : VISIT_MINUTES[stop.category];
}

/**
 * The windows a stop should start in on a day, with the warning given when it cannot; null when
 * any open time will do.
 */
export function startWindows(stop: TripSpot, day: CityDay, sun: { sunrise: number; sunset: number }): { windows: { from: number; to: number }[]; missed: string } | null {
  if (stop.category === 'hike' && isHot(day)) {
    return { windows: [{ from: Math.max(sun.sunrise, HOT_HIKE_EARLIEST_START), to: HOT_HIKE_LATEST_START }], missed: 'Starts after 9 AM in the summer heat' };
  }
  if (stop.sunset) return { windows: [{ from: sun.sunset - 90, to: sun.sunset - 30 }], missed: 'Misses the sunset' };
  if (stop.category === 'food') return { windows: [LUNCH, DINNER], missed: 'Outside lunch and dinner time' };
  if (stop.category === 'drinks') return { windows: [{ from: EVENING_FROM, to: 22 * 60 }], missed: 'Early for drinks' };
  return null;
}

/** Straight-line travel time between two stops, by car in town, in whole 5-minute steps (15 when a position is unknown). */
export function travelMinutes(from: LatLng | null, to: LatLng | null): number {
  if (!from || !to) return 15;
  const miles = milesBetween(from, to);
  if (miles < 0.05) return 0;
  // Streets are about a quarter longer than the straight line; about 25 mph with lights and parking.
  return Math.max(5, Math.ceil((((miles * 1.25) / 25) * 60) / 5) * 5);
}

/** `9:05 AM`, `Noon`, `7:41 PM` for a minute of the day. */
export function minuteLabel(minute: number): string {
  const wall = ((Math.round(minute) % 1440) + 1440) % 1440;
  if (wall === 0) return 'Midnight';
  if (wall === 720) return 'Noon';
  const h = Math.floor(wall / 60);
  const m = wall % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
