import { TZDate } from '@date-fns/tz';
import { isValid, parse } from 'date-fns';
import { CITY_TIME_ZONE } from '../../lib/constants';

/**
 * The dates of a scraped event as the events page writes them ("March 14, 2026 at 7 PM",
 * "Mar 14 – 16", "2026-03-14T19:00"). The page shows city wall-clock times, so text without an
 * offset is Phoenix time.
 */

interface Day {
  year: number;
  month: number;
  day: number;
}
interface Moment {
  at: Date;
  day: Day | null;
  hasTime: boolean;
}

const DAY_FORMATS = ['MMMM d, yyyy', 'MMMM d yyyy', 'd MMMM yyyy', 'd MMMM, yyyy', 'M/d/yyyy', 'yyyy-MM-dd', 'yyyy/MM/dd'];
const DAY_FORMATS_WITHOUT_YEAR = ['MMMM d', 'd MMMM', 'M/d'];
const TIME = /^(\d{1,2})(?::(\d{2}))?(?::\d{2}(?:\.\d+)?)?(?: ?([AP])M)?$/;
const TIME_AT_END = /^(.*?)(?:,? (?:at |@ ?)?|T)(\d{1,2}(?::\d{2}){0,2}(?:\.\d+)? ?[AP]M|\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const RANGE = / ?[–—] ?| - | (?:to|through|thru|until) /i;
/** A year-less date is this year's, unless that was more than two months ago. */
const PAST_GRACE_MS = 60 * 24 * 60 * 60 * 1000;

function normalizeDateText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/(\d) ?([ap])\.?m\.?(?![a-z])/gi, (_, digit: string, half: string) => `${digit} ${half.toUpperCase()}M`)
    .replace(/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,? /i, '')
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/gi, '$1')
    .replace(/\bsept\b/gi, 'Sep')
    .replace(/\b([a-z]{3,4})\.(?= )/gi, '$1')
    .trim();
}

function readTime(text: string): { hours: number; minutes: number } | null {
  const match = TIME.exec(text.trim().toUpperCase());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (minutes > 59) return null;
  if (match[3]) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (match[3] === 'P' ? 12 : 0);
  } else if (match[2] === undefined || hours > 23) {
    return null;
  }
  return { hours, minutes };
}

function readDay(text: string, now: Date): Day | null {
  for (const format of DAY_FORMATS) {
    const date = parse(text, format, now);
    if (isValid(date)) return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
  }
  for (const format of DAY_FORMATS_WITHOUT_YEAR) {
    const date = parse(text, format, now);
    if (!isValid(date)) continue;
    const day = { year: now.getFullYear(), month: date.getMonth(), day: date.getDate() };
    if (cityInstant(day).getTime() < now.getTime() - PAST_GRACE_MS) day.year += 1;
    return day;
  }
  return null;
}

function cityInstant(day: Day, time = { hours: 0, minutes: 0 }): Date {
  return new Date(new TZDate(day.year, day.month, day.day, time.hours, time.minutes, 0, CITY_TIME_ZONE).getTime());
}

function readMoment(raw: string, now: Date): Moment | null {
  const text = normalizeDateText(raw);
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    return isValid(at) ? { at, day: null, hasTime: true } : null;
  }
  const split = TIME_AT_END.exec(text);
  const time = split ? readTime(split[2]!) : null;
  const day = readDay(split && time ? split[1]! : text, now);
  if (!day) return null;
  return { at: cityInstant(day, time ?? undefined), day, hasTime: Boolean(time) };
}

/** The start and optional end of a range such as "March 14 - 16, 2026" or "Mar 14 – Apr 2". */
function readRange(raw: string, now: Date): { start: Moment; end: Moment | null } | null {
  const text = normalizeDateText(raw).replace(/^([a-z]+ )(\d{1,2})-(\d{1,2})((?:,? \d{4})?)$/i, '$1$2$4 – $1$3$4');
  const parts = text.split(RANGE);
  const whole = readMoment(text, now);
  if (parts.length !== 2 || whole) return whole ? { start: whole, end: null } : null;
  const [first, second] = parts as [string, string];
  const year = /\b\d{4}\b/.exec(second)?.[0];
  const start = readMoment(first, now) ?? (year ? readMoment(`${first}, ${year}`, now) : null);
  if (!start) return null;
  const month = /^[a-z]+/i.exec(first)?.[0];
  const endTime = start.day ? readTime(second) : null;
  const end = endTime
    ? { at: cityInstant(start.day!, endTime), day: start.day, hasTime: true }
    : (readMoment(second, now) ?? (month ? readMoment(`${month} ${second}`, now) : null));
  return { start, end };
}

/** Start and end of an event from its date text and optional separate time and end fields. */
export function readEventDates(
  input: { date: string; time?: string | null; endDate?: string | null; endTime?: string | null },
  now: Date = new Date(),
): { startDate: Date; endDate: Date | null } | null {
  const range = readRange(input.date, now);
  if (!range) return null;
  let startDate = range.start.at;
  let endDate = range.end?.at ?? null;
  const [startTime, rangeEndTime] = input.time ? normalizeDateText(input.time).split(RANGE) : [];
  const start = startTime ? readTime(startTime) : null;
  if (range.start.day && !range.start.hasTime && start) startDate = cityInstant(range.start.day, start);
  const endText = input.endTime ?? rangeEndTime;
  const endTime = endText ? readTime(normalizeDateText(endText)) : null;
  if (input.endDate) endDate = readRange(input.endDate, now)?.start.at ?? endDate;
  else if (!endDate && endTime && range.start.day) endDate = cityInstant(range.start.day, endTime);
  if (endDate && endDate < startDate) endDate = null;
  return { startDate, endDate };
}
