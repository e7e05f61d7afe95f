/** Week navigation of the events calendar; weeks run Sunday to Saturday in city time (spec §2, §9). */
import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks } from 'date-fns';
import { CITY_TIME_ZONE } from './constants';
import { cityDayKey, inCity, weekOf } from './city-time';

/** `start` is Sunday 00:00 city time; `end` is the next Sunday 00:00 (exclusive). */
export function weekRange(weekStart: Date): { start: Date; end: Date } {
  const start = weekOf(weekStart);
  return { start, end: new Date(addWeeks(inCity(start), 1).getTime()) };
}

/** The week `weeks` before (negative) or after (positive) the one starting at `weekStart`. */
export function shiftWeek(weekStart: Date, weeks: number): Date {
  return weekOf(addWeeks(inCity(weekOf(weekStart)), weeks));
}

/** URL form of a week: its Sunday as 'YYYY-MM-DD' in city time. */
export function weekParam(weekStart: Date): string {
  return cityDayKey(weekOf(weekStart));
}

const WEEK_PARAM = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The week containing the 'YYYY-MM-DD' date, or the week of `now` when missing or not a real date. */
export function parseWeekParam(value: string | null | undefined, now: Date): Date {
  const parts = value ? WEEK_PARAM.exec(value.trim()) : null;
  if (!parts) return weekOf(now);
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  // Rejects dates like 2026-02-30 that Date would silently roll over.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return weekOf(now);
  }
  return weekOf(new TZDate(year, month - 1, day, 12, 0, CITY_TIME_ZONE));
}

export function isCurrentWeek(weekStart: Date, now: Date): boolean {
  return weekOf(weekStart).getTime() === weekOf(now).getTime();
}

const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: CITY_TIME_ZONE, month: 'short', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  timeZone: CITY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Nov 22 – Nov 28, 2026'; the year shows twice only when the week crosses New Year. */
export function weekLabel(weekStart: Date): string {
  const sunday = inCity(weekOf(weekStart));
  const saturday = addDays(sunday, 6);
  const first = sunday.getFullYear() === saturday.getFullYear() ? monthDay : monthDayYear;
  return `${first.format(sunday.getTime())} – ${monthDayYear.format(saturday.getTime())}`;
}

/** Events starting in the week (Sunday inclusive, next Sunday exclusive), earliest first. */
export function eventsInWeek<T extends { startDate: string | Date }>(events: readonly T[], weekStart: Date): T[] {
  const { start, end } = weekRange(weekStart);
  const from = start.getTime();
  const to = end.getTime();
  return events
    .map((event) => ({ event, at: new Date(event.startDate).getTime() }))
    .filter(({ at }) => at >= from && at < to)
    .sort((a, b) => a.at - b.at)
    .map(({ event }) => event);
}

/**
 * The same events with those marked Ended (`isOver`: on the calendar, a day already past) after the
 * others; each group keeps its order. A visitor sees what they can still go to first.
 */
export function endedLast<T>(events: readonly T[], isOver: (event: T) => boolean): T[] {
  return [...events.filter((event) => !isOver(event)), ...events.filter(isOver)];
}
