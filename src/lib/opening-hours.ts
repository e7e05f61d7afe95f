/**
 * Structured opening hours in city time (America/Phoenix, no daylight saving), shared by the spot
 * pages, the "open now" filter and the badges.
 */

/** 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** `HH:MM`, 24-hour city time; `24:00` is the end of the day. */
export type ClockTime = `${number}${number}:${number}${number}`;

/**
 * Open from `open` to `close` on each of `days`. A `close` at or before `open` runs past midnight
 * into the next day (a bar open 16:00–02:00 on Friday is open at 01:00 on Saturday).
 */
export interface HoursRule {
  days: readonly Weekday[];
  open: ClockTime;
  close: ClockTime;
}

/** A yearly window, `MM-DD` to `MM-DD` inclusive (a window may wrap the new year: 11-15 to 01-15). */
export interface Season {
  from: `${number}${number}-${number}${number}`;
  to: `${number}${number}-${number}${number}`;
}

/** A city day, `YYYY-MM-DD`. */
export type CityDay = `${number}-${number}-${number}`;

/**
 * Special dates: from `from` to `to` (inclusive city days) the place keeps these hours instead of
 * its usual ones, or is closed all day when there are none (a holiday, a closure for renovation).
 */
export interface SpecialDate {
  from: CityDay;
  to: CityDay;
  open?: ClockTime;
  close?: ClockTime;
  note?: string;
}

export type OpeningHours =
  /** Always open (a public plaza, a greenbelt path). */
  (
    | { kind: 'always'; note?: string }
    /** Sunrise to sunset, worked out for the day in Scottsdale (trailheads and preserves). */
    | { kind: 'daylight'; note?: string }
    /**
     * Weekly hours. With `seasons`, only inside those yearly windows (a winter market, an annual
     * event whose exact dates move a little each year: `note` says so); closed outside them.
     */
    | { kind: 'weekly'; rules: readonly HoursRule[]; seasons?: readonly Season[]; note?: string }
  ) & { special?: readonly SpecialDate[] };

// ---------------------------------------------------------------------------------------------
// Open now, opens at, closes at.
//
// America/Phoenix keeps UTC−7 all year (no daylight saving), so city wall-clock time is plain
// arithmetic here: no time-zone database, the same answer in the server and in every browser.

export const CITY_OFFSET_MS = -7 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
/** Scottsdale (Old Town), for sunrise and sunset. */
const CITY_LAT = 33.4942;
const CITY_LNG = -111.9261;
/** How far ahead to look for the next opening: a yearly season can be most of a year away. */
const SEARCH_DAYS = 370;

interface Interval {
  start: number;
  end: number;
}

/** The city date of an instant, as the UTC midnight of that calendar day (for weekday and month-day arithmetic). */
export function cityMidnight(at: number): number {
  const wall = at + CITY_OFFSET_MS;
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The real instant of a city wall-clock time on the day that starts at `midnight` (see cityMidnight). */
export function instant(midnight: number, minutes: number): number {
  return midnight + minutes * MINUTE_MS - CITY_OFFSET_MS;
}

export function minutesOf(time: ClockTime): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function monthDay(midnight: number): string {
  const date = new Date(midnight);
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

function inSeasons(midnight: number, seasons: readonly Season[] | undefined): boolean {
  if (!seasons?.length) return true;
  const day = monthDay(midnight);
  return seasons.some(({ from, to }) => (from <= to ? day >= from && day <= to : day >= from || day <= to));
}

/** Sunrise and sunset in Scottsdale on a city day, in minutes after city midnight (NOAA's approximation, within a minute or two). */
export function daylightMinutes(midnight: number): { sunrise: number; sunset: number } {
  const start = Date.UTC(new Date(midnight).getUTCFullYear(), 0, 0);
  const dayOfYear = Math.round((midnight - start) / DAY_MS);
  const gamma = ((2 * Math.PI) / 365) * (dayOfYear - 1);
  const equationOfTime = 229.18 * (0.000075 + 0.001868 * Math.cos(gamma) - 0.032077 * Math.sin(gamma) - 0.014615 * Math.cos(2 * gamma) - 0.040849 * Math.sin(2 * gamma));
  const declination =
    0.006918 -
    0.399912 * Math.cos(gamma) +
    0.070257 * Math.sin(gamma) -
    0.006758 * Math.cos(2 * gamma) +
    0.000907 * Math.sin(2 * gamma) -
    0.002697 * Math.cos(3 * gamma) +
    0.00148 * Math.sin(3 * gamma);
  const lat = (CITY_LAT * Math.PI) / 180;
  const zenith = (90.833 * Math.PI) / 180;
  const hourAngle = (Math.acos(Math.cos(zenith) / (Math.cos(lat) * Math.cos(declination)) - Math.tan(lat) * Math.tan(declination)) * 180) / Math.PI;
  const noonUtc = 720 - 4 * CITY_LNG - equationOfTime;
  const toCity = (utcMinutes: number) => Math.round(utcMinutes + CITY_OFFSET_MS / MINUTE_MS);
  return { sunrise: toCity(noonUtc - 4 * hourAngle), sunset: toCity(noonUtc + 4 * hourAngle) };
}

export function cityDayOf(midnight: number): string {
  return new Date(midnight).toISOString().slice(0, 10);
}

/** The special date that holds on this city day (the last one listed wins), if any. */
function specialOn(hours: OpeningHours, midnight: number): SpecialDate | undefined {
  if (!hours.special?.length) return undefined;
  const day = cityDayOf(midnight);
  return hours.special.findLast((special) => special.from <= day && day <= special.to);
}

/** The opening intervals that start on the city day beginning at `midnight`. */
function intervalsStarting(hours: OpeningHours, midnight: number): Interval[] {
  const special = specialOn(hours, midnight);
  if (special) {
    if (!special.open || !special.close) return [];
    const open = minutesOf(special.open);
    const close = minutesOf(special.close);
    return [{ start: instant(midnight, open), end: instant(midnight, close <= open ? close + 24 * 60 : close) }];
  }
  if (hours.kind === 'always') return [{ start: instant(midnight, 0), end: instant(midnight, 24 * 60) }];
  if (hours.kind === 'daylight') {
    const { sunrise, sunset } = daylightMinutes(midnight);
    return [{ start: instant(midnight, sunrise), end: instant(midnight, sunset) }];
  }
  if (!inSeasons(midnight, hours.seasons)) return [];
  const weekday = new Date(midnight).getUTCDay() as Weekday;
  return hours.rules
    .filter((rule) => rule.days.includes(weekday))
    .map((rule) => {
      const open = minutesOf(rule.open);
      const close = minutesOf(rule.close);
      return { start: instant(midnight, open), end: instant(midnight, close <= open ? close + 24 * 60 : close) };
    });
}

/** Every opening interval that overlaps [from, to), joined where one ends as the next begins. */
function intervalsBetween(hours: OpeningHours, from: number, to: number): Interval[] {
  const found: Interval[] = [];
  for (let midnight = cityMidnight(from) - DAY_MS; midnight < to; midnight += DAY_MS) {
    for (const interval of intervalsStarting(hours, midnight)) if (interval.end > from && interval.start < to) found.push(interval);
  }
  found.sort((a, b) => a.start - b.start);
  const joined: Interval[] = [];
  for (const interval of found) {
    const last = joined.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else joined.push({ ...interval });
  }
  return joined;
}

/**
 * The opening intervals that overlap a city day, in minutes after its midnight: one that began the
 * night before starts below 0, one that runs past midnight ends beyond 1440. Special dates and
 * seasons included (closed all day: none).
 */
export function openMinutesOn(hours: OpeningHours, day: CityDay): { start: number; end: number }[] {
  const from = instant(cityDayMidnight(day), 0);
  return intervalsBetween(hours, from, from + DAY_MS).map(({ start, end }) => ({ start: (start - from) / MINUTE_MS, end: (end - from) / MINUTE_MS }));
}

/** Sunrise and sunset on a city day, in minutes after its midnight. */
export function sunOn(day: CityDay): { sunrise: number; sunset: number } {
  return daylightMinutes(cityDayMidnight(day));
}

function cityDayMidnight(day: CityDay): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export type OpeningStatus =
  | { state: 'always-open' }
  /** `closesAt` is null when the place stays open for more than a week from now. */
  | { state: 'open'; closesAt: Date | null }
  /** `opensAt` is null when it does not open again within a year (hours unknown). */
  | { state: 'closed'; opensAt: Date | null; closedAllDay: boolean };

/** Whether a place is open at `at`, and when that changes. */
export function openingStatus(hours: OpeningHours, at: Date): OpeningStatus {
  if (hours.kind === 'always' && !hours.special?.length) return { state: 'always-open' };
  const now = at.getTime();
  const week = intervalsBetween(hours, now, now + 8 * DAY_MS);
  const current = week.find((interval) => interval.start <= now && now < interval.end);
  if (current) return { state: 'open', closesAt: current.end >= now + 7 * DAY_MS ? null : new Date(current.end) };
  // Nothing starts on this city day: closed all day (a night that began yesterday may have just ended).
  const closedAllDay = intervalsStarting(hours, cityMidnight(now)).length === 0;
  let next = week.find((interval) => interval.start > now);
  for (let from = now + 8 * DAY_MS; !next && from < now + SEARCH_DAYS * DAY_MS; from += 30 * DAY_MS) {
    next = intervalsBetween(hours, from, from + 30 * DAY_MS).find((interval) => interval.start > now);
  }
  return { state: 'closed', opensAt: next ? new Date(next.start) : null, closedAllDay };
}

export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const status = openingStatus(hours, at);
  return status.state !== 'closed';
}

/** The hours with a closure added (a temporary closure the status records), for labels, the page and the calendar. */
export function withClosure(hours: OpeningHours, from: CityDay, to: CityDay, note?: string): OpeningHours {
  return { ...hours, special: [...(hours.special ?? []), { from, to, ...(note && { note }) }] };
}
