/**
 * Opening hours as a visitor reads them (badges, the week's table, seasons, special dates) and as
 * schema.org states them; the rules of when a place is open are in opening-hours.ts.
 */
import {
  CITY_OFFSET_MS,
  DAY_MS,
  MINUTE_MS,
  cityDayOf,
  cityMidnight,
  instant,
  minutesOf,
  type ClockTime,
  type OpeningHours,
  type OpeningStatus,
  type Season,
  type SpecialDate,
  type Weekday,
} from './opening-hours';

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `5 PM`, `10:30 AM`, `Midnight`, `Noon` in city time. */
export function clockLabel(at: Date | number): string {
  const time = typeof at === 'number' ? at : at.getTime();
  const wall = Math.round((time + CITY_OFFSET_MS - cityMidnight(time)) / MINUTE_MS) % (24 * 60);
  if (wall === 0) return 'Midnight';
  if (wall === 12 * 60) return 'Noon';
  const h = Math.floor(wall / 60);
  const m = wall % 60;
  return `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/** When the next change happens, said relative to `now`: `5 PM`, `tomorrow 11 AM`, `Thu 11 AM`, `Feb 12`. */
function whenLabel(at: Date, now: Date, closing = false): string {
  // A close at midnight is the end of that day, not the start of the next.
  const days = Math.round((cityMidnight(at.getTime() - (closing ? 1 : 0)) - cityMidnight(now.getTime())) / DAY_MS);
  const clock = clockLabel(at);
  if (days === 0) return clock;
  if (days === 1) return `tomorrow ${clock}`;
  const midnight = new Date(cityMidnight(at.getTime()));
  if (days < 7) return `${WEEKDAY_SHORT[midnight.getUTCDay()]} ${clock}`;
  return `${MONTH_SHORT[midnight.getUTCMonth()]} ${midnight.getUTCDate()}`;
}

/** The badge and line a visitor reads: `Open now · closes 10 PM`, `Closed · opens tomorrow 11 AM`. */
export function openingLabel(status: OpeningStatus, now: Date): string {
  if (status.state === 'always-open') return 'Open 24 hours';
  if (status.state === 'open') return status.closesAt ? `Open now · closes ${whenLabel(status.closesAt, now, true)}` : 'Open now';
  if (!status.opensAt) return 'Closed';
  const days = Math.round((cityMidnight(status.opensAt.getTime()) - cityMidnight(now.getTime())) / DAY_MS);
  if (days >= 7) return `Closed · back ${whenLabel(status.opensAt, now)}`;
  return `${status.closedAllDay ? 'Closed today' : 'Closed'} · opens ${whenLabel(status.opensAt, now)}`;
}

const WEEKDAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function timeOfDay(time: ClockTime): string {
  const minutes = minutesOf(time) % (24 * 60);
  return clockLabel(instant(Date.UTC(2026, 0, 5), minutes));
}

/** The week as a visitor reads it, Monday first: `{ day: 'Monday', hours: '11 AM – 10 PM' }` or `Closed`. */
export function weeklySchedule(hours: OpeningHours): { day: string; hours: string }[] {
  const order: Weekday[] = [1, 2, 3, 4, 5, 6, 0];
  if (hours.kind === 'always') return order.map((d) => ({ day: WEEKDAY_LONG[d], hours: 'Open 24 hours' }));
  if (hours.kind === 'daylight') return order.map((d) => ({ day: WEEKDAY_LONG[d], hours: 'Sunrise to sunset' }));
  return order.map((d) => {
    const rules = hours.rules.filter((rule) => rule.days.includes(d)).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    return { day: WEEKDAY_LONG[d], hours: rules.length ? rules.map((r) => `${timeOfDay(r.open)} – ${timeOfDay(r.close)}`).join(', ') : 'Closed' };
  });
}

/** `Oct 1 – May 31` for each season, or null when the hours hold all year. */
export function seasonsLabel(hours: OpeningHours): string | null {
  if (hours.kind !== 'weekly' || !hours.seasons?.length) return null;
  const day = (md: string) => {
    const [m, d] = md.split('-').map(Number) as [number, number];
    return `${MONTH_SHORT[m - 1]} ${d}`;
  };
  return hours.seasons.map((s) => `${day(s.from)} – ${day(s.to)}`).join(', ');
}

/**
 * The special dates a visitor should know about, from today on, soonest first:
 * `{ dates: 'Dec 25', hours: 'Closed', note: 'Christmas' }`.
 */
export function upcomingSpecialDates(hours: OpeningHours, now: Date): { dates: string; hours: string; note: string | null }[] {
  const today = cityDayOf(cityMidnight(now.getTime()));
  const day = (iso: string) => {
    const [, m, d] = iso.split('-').map(Number) as [number, number, number];
    return `${MONTH_SHORT[m - 1]} ${d}`;
  };
  return [...(hours.special ?? [])]
    .filter((special) => special.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((special) => ({
      dates: special.from === special.to ? day(special.from) : `${day(special.from)} – ${day(special.to)}`,
      hours: special.open && special.close ? `${timeOfDay(special.open)} – ${timeOfDay(special.close)}` : 'Closed',
      note: special.note ?? null,
    }));
}

/** schema.org openingHoursSpecification for the JSON-LD of a spot page (special dates as dated entries; closed all day is 00:00–00:00). */
export function openingHoursSpecification(hours: OpeningHours): Record<string, unknown>[] {
  return [...regularHoursSpecification(hours), ...(hours.special ?? []).map(specialSpecification)];
}

function specialSpecification(special: SpecialDate): Record<string, unknown> {
  const closed = !special.open || !special.close;
  return {
    '@type': 'OpeningHoursSpecification',
    opens: closed ? '00:00' : special.open,
    closes: closed ? '00:00' : special.close === '24:00' ? '23:59' : special.close,
    validFrom: special.from,
    validThrough: special.to,
  };
}

function regularHoursSpecification(hours: OpeningHours): Record<string, unknown>[] {
  const spec = (days: readonly Weekday[], opens: string, closes: string, season?: Season) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.map((d) => `https://schema.org/${WEEKDAY_LONG[d]}`),
    opens,
    closes,
    ...(season && { validFrom: `--${season.from}`, validThrough: `--${season.to}` }),
  });
  const everyDay: Weekday[] = [0, 1, 2, 3, 4, 5, 6];
  if (hours.kind === 'always') return [spec(everyDay, '00:00', '23:59')];
  if (hours.kind === 'daylight') return [];
  const seasons = hours.seasons?.length ? hours.seasons : [undefined];
  return seasons.flatMap((season) => hours.rules.map((rule) => spec(rule.days, rule.open, rule.close === '24:00' ? '23:59' : rule.close, season)));
}

/** Green when the status contains 'Open now', red when it contains 'Closed'. */
export function openingTone(status: string): 'open' | 'closed' | 'neutral' {
  if (status.includes('Open now') || status.startsWith('Open 24 hours')) return 'open';
  if (status.includes('Closed')) return 'closed';
  return 'neutral';
}
