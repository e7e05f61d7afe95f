// Dates and times as the city's wall clock shows them, with the browser's own Intl and no date
// library, so pages that only print a date (the subscribe dialog's founding deadline) stay light.
import { CITY_TIME_ZONE } from './constants';

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

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { timeZone: CITY_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 22, 2026, 7:00 PM" in city time: when something happened, in the back office's lists. */
export function formatCityDateTime(date: Date | number | string): string {
  return dateTimeFormat.format(new Date(date));
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
