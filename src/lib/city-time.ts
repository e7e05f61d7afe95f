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

export { cityDayKey, formatCityDate, formatCityDay, formatCityTime } from './city-format';
