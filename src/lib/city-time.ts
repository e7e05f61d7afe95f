import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import { CITY_TIME_ZONE } from './constants';

/** The instant `date` seen on the city's wall clock. */
export function inCity(date: Date | number | string): TZDate {
  return new TZDate(new Date(date).getTime(), CITY_TIME_ZONE);
}

/** Sunday 00:00 (city time) of the week that contains `date`; weeks run Sunday to Saturday. */
export function weekOf(date: Date | number | string): Date {
  return new Date(startOfWeek(inCity(date), { weekStartsOn: 0 }).getTime());
}

/** Midnight (city time) of the day that contains `date`. */
export function cityDayStart(date: Date | number | string): Date {
  return new Date(startOfDay(inCity(date)).getTime());
}

/** The instant at `hhmm` (24 h, city time) on the day `days` after `dayStart`. */
export function cityDateTime(dayStart: Date, days: number, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const day = addDays(inCity(dayStart), days);
  day.setHours(h ?? 0, m ?? 0, 0, 0);
  return new Date(day.getTime());
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CITY_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CITY_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CITY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** "November 22, 2026" in city time. */
export function formatCityDate(date: Date | number | string): string {
  return dateFormat.format(new Date(date));
}

/** "Sun, Nov 22" in city time. */
export function formatCityDay(date: Date | number | string): string {
  return shortDayFormat.format(new Date(date));
}

/** "7:00 PM" in city time. */
export function formatCityTime(date: Date | number | string): string {
  return timeFormat.format(new Date(date));
}

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CITY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The city's calendar day of an instant as "YYYY-MM-DD"; such keys compare in day order as strings. */
export function cityDayKey(date: Date | number | string): string {
  return dayKeyFormat.format(new Date(date));
}
