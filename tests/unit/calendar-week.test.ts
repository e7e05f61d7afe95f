import { describe, expect, it } from 'vitest';
import { eventsInWeek, isCurrentWeek, parseWeekParam, shiftWeek, weekLabel, weekParam, weekRange } from '../../src/lib/calendar-week';

// Phoenix is UTC-7 all year, so city midnight is 07:00Z.
const NOV_22 = new Date('2026-11-22T07:00:00Z'); // a Sunday
const iso = (d: Date) => d.toISOString();

describe('weekRange', () => {
  it('runs from Sunday 00:00 to the next Sunday 00:00, city time', () => {
    const { start, end } = weekRange(NOV_22);
    expect([iso(start), iso(end)]).toEqual(['2026-11-22T07:00:00.000Z', '2026-11-29T07:00:00.000Z']);
  });
  it('normalises an instant inside the week to its Sunday', () => {
    expect(iso(weekRange(new Date('2026-11-25T19:00:00Z')).start)).toBe('2026-11-22T07:00:00.000Z');
  });
});

describe('shiftWeek (Previous Week / Next Week)', () => {
  it.each([
    [NOV_22, 1, '2026-11-29T07:00:00.000Z'], // into December
    [new Date('2026-11-29T07:00:00Z'), -1, '2026-11-22T07:00:00.000Z'], // back into November
    [new Date('2026-12-27T07:00:00Z'), 1, '2027-01-03T07:00:00.000Z'], // into the new year
    [new Date('2027-01-03T07:00:00Z'), -1, '2026-12-27T07:00:00.000Z'], // back to the old year
    [NOV_22, 6, '2027-01-03T07:00:00.000Z'],
    [NOV_22, 0, '2026-11-22T07:00:00.000Z'],
  ])('%s shifted %i -> %s', (start, weeks, expected) => {
    expect(iso(shiftWeek(start, weeks))).toBe(expected);
  });
});

describe('weekParam', () => {
  it.each([
    [NOV_22, '2026-11-22'],
    [new Date('2026-12-27T07:00:00Z'), '2026-12-27'],
    // Saturday 23:30 city time is already Sunday in UTC, yet it belongs to the week of Nov 22.
    [new Date('2026-11-29T06:30:00Z'), '2026-11-22'],
  ])('%s -> %s', (date, expected) => {
    expect(weekParam(date)).toBe(expected);
  });
});

describe('parseWeekParam', () => {
  const now = new Date('2026-12-02T18:00:00Z'); // Wednesday, week of Nov 29
  it.each([
    ['2026-11-22', '2026-11-22T07:00:00.000Z'],
    ['2026-11-28', '2026-11-22T07:00:00.000Z'],
    ['2026-12-01', '2026-11-29T07:00:00.000Z'],
    ['2027-01-01', '2026-12-27T07:00:00.000Z'],
    ['2028-02-29', '2028-02-27T07:00:00.000Z'], // leap day
  ])('%j -> week starting %s', (value, expected) => {
    expect(iso(parseWeekParam(value, now))).toBe(expected);
  });

  it.each([['2026-02-30'], ['2027-02-29'], ['2026-13-01'], ['2026-00-10'], ['abc'], [''], ['2026-1-5'], ['2026-11-22T00:00'], [null], [undefined]])(
    'falls back to the current week for %j',
    (value) => {
      expect(iso(parseWeekParam(value, now))).toBe('2026-11-29T07:00:00.000Z');
    },
  );

  it('round-trips with weekParam', () => {
    const start = new Date('2026-12-27T07:00:00Z');
    expect(iso(parseWeekParam(weekParam(start), now))).toBe(iso(start));
  });
});

describe('isCurrentWeek (Go to Current Week)', () => {
  it.each([
    ['2026-11-22T07:00:00Z', true], // Sunday 00:00 city time
    ['2026-11-29T06:30:00Z', true], // Saturday 23:30 city time
    ['2026-11-29T07:00:00Z', false], // the next Sunday
    ['2026-11-22T06:59:59Z', false], // Saturday of the week before
  ])('now = %s -> %s', (now, expected) => {
    expect(isCurrentWeek(NOV_22, new Date(now))).toBe(expected);
  });
});

describe('weekLabel', () => {
  it.each([
    ['2026-11-22T07:00:00Z', 'Nov 22 – Nov 28, 2026'],
    ['2026-11-29T07:00:00Z', 'Nov 29 – Dec 5, 2026'],
    ['2026-12-27T07:00:00Z', 'Dec 27, 2026 – Jan 2, 2027'],
    ['2026-11-29T06:30:00Z', 'Nov 22 – Nov 28, 2026'], // Saturday 23:30 city time
  ])('%s -> %s', (start, expected) => {
    expect(weekLabel(new Date(start))).toBe(expected);
  });
});

describe('eventsInWeek', () => {
  const events = [
    { id: 'next-sunday', startDate: '2026-11-29T07:00:00Z' },
    { id: 'saturday-late', startDate: new Date('2026-11-29T06:30:00Z') },
    { id: 'wednesday', startDate: '2026-11-25T19:00:00Z' },
    { id: 'sunday-midnight', startDate: '2026-11-22T07:00:00Z' },
    { id: 'week-before', startDate: '2026-11-22T06:59:00Z' },
    { id: 'broken', startDate: 'not a date' },
  ];
  it('keeps Sunday 00:00 up to (not including) next Sunday, earliest first', () => {
    expect(eventsInWeek(events, NOV_22).map((e) => e.id)).toEqual(['sunday-midnight', 'wednesday', 'saturday-late']);
  });
  it('follows the week across a month boundary', () => {
    expect(eventsInWeek(events, shiftWeek(NOV_22, 1)).map((e) => e.id)).toEqual(['next-sunday']);
  });
  it('no events, empty week', () => {
    expect(eventsInWeek([], NOV_22)).toEqual([]);
  });
});
