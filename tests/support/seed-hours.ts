// Checks of seeded opening hours, shared by the spot and place seed tests.
import type { OpeningHours } from '../../src/lib/opening-hours';

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const WEEK = 7 * 24 * 60;

function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * What is wrong with seeded hours: bad times, days or seasons, and overlapping rules. With
 * `splitDays: false` a day may appear in one rule only; with `true` it may appear in two when they
 * cover different parts of it (lunch and dinner).
 */
export function hoursProblems(hours: OpeningHours, { splitDays }: { splitDays: boolean }): string[] {
  const problems: string[] = [];
  if (hours.note !== undefined && hours.note.trim() === '') problems.push('empty note');
  if (hours.kind === 'always' || hours.kind === 'daylight') return problems;
  if (hours.kind !== 'weekly') return [`unknown kind ${(hours as { kind: string }).kind}`];
  if (hours.rules.length === 0) problems.push('weekly hours without rules');
  for (const rule of hours.rules) {
    if (rule.days.length === 0) problems.push('rule without days');
    if (new Set(rule.days).size !== rule.days.length) problems.push(`repeated day in ${rule.days.join(',')}`);
    for (const day of rule.days) if (!Number.isInteger(day) || day < 0 || day > 6) problems.push(`bad day ${day}`);
    if (!CLOCK.test(rule.open) || rule.open === '24:00') problems.push(`bad open ${rule.open}`);
    if (!CLOCK.test(rule.close)) problems.push(`bad close ${rule.close}`);
    if (rule.open === rule.close) problems.push(`open equals close ${rule.open}`);
  }
  const days = hours.rules.flatMap((rule) => rule.days);
  if (!splitDays && new Set(days).size !== days.length) problems.push('a day appears in two rules');
  // Nights that run past midnight must not run into the next day's opening either.
  const spans = hours.rules.flatMap((rule) =>
    rule.days.map((day) => {
      const open = minutes(rule.open);
      const close = minutes(rule.close);
      const start = day * 24 * 60 + open;
      return { day, start, end: start + (close <= open ? close + 24 * 60 : close) - open };
    }),
  );
  for (const [i, a] of spans.entries()) {
    for (const b of spans.slice(i + 1)) {
      for (const shift of [-WEEK, 0, WEEK]) {
        if (a.start < b.end + shift && b.start + shift < a.end) problems.push(`rules overlap on days ${a.day} and ${b.day}`);
      }
    }
  }
  if (hours.seasons !== undefined) {
    if (hours.seasons.length === 0) problems.push('empty seasons');
    for (const season of hours.seasons) {
      if (!isMonthDay(season.from)) problems.push(`bad season start ${season.from}`);
      if (!isMonthDay(season.to)) problems.push(`bad season end ${season.to}`);
    }
  }
  return problems;
}
