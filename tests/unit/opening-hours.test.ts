import { describe, expect, it } from 'vitest';
import { daylightMinutes, isOpenAt, openingStatus, type OpeningHours } from '../../src/lib/opening-hours';
import { clockLabel, openingLabel } from '../../src/lib/opening-hours-labels';

/** A city wall-clock time (America/Phoenix is UTC−7 all year). */
const city = (local: string) => new Date(`${local}:00-07:00`);
const label = (hours: OpeningHours, local: string) => openingLabel(openingStatus(hours, city(local)), city(local));

// 2026-11-23 is a Monday.
const bar: OpeningHours = {
  kind: 'weekly',
  rules: [
    { days: [2, 3, 4], open: '16:00', close: '00:00' },
    { days: [5, 6], open: '16:00', close: '02:00' },
    { days: [0], open: '12:00', close: '22:00' },
  ],
};
const market: OpeningHours = { kind: 'weekly', rules: [{ days: [6], open: '08:00', close: '13:00' }], seasons: [{ from: '10-01', to: '05-31' }] };
const winterFestival: OpeningHours = {
  kind: 'weekly',
  rules: [{ days: [0, 1, 2, 3, 4, 5, 6], open: '10:00', close: '18:00' }],
  seasons: [{ from: '12-20', to: '01-05' }],
};

describe('opening hours in city time', () => {
  it('is open inside a rule and says when it closes', () => {
    expect(label(bar, '2026-11-24T17:30')).toBe('Open now · closes Midnight');
    expect(label(bar, '2026-11-29T12:00')).toBe('Open now · closes 10 PM');
  });

  it('runs past midnight into the next day', () => {
    // Friday 16:00–02:00: open at 01:30 on Saturday, closed at 02:00.
    expect(isOpenAt(bar, city('2026-11-28T01:30'))).toBe(true);
    expect(label(bar, '2026-11-28T01:30')).toBe('Open now · closes 2 AM');
    expect(isOpenAt(bar, city('2026-11-28T02:00'))).toBe(false);
    expect(label(bar, '2026-11-28T02:00')).toBe('Closed · opens 4 PM');
  });

  it('says "Closed today" on a day with no hours at all, and when it opens next', () => {
    expect(label(bar, '2026-11-23T12:00')).toBe('Closed today · opens tomorrow 4 PM');
    const status = openingStatus(bar, city('2026-11-23T12:00'));
    expect(status).toEqual({ state: 'closed', opensAt: city('2026-11-24T16:00'), closedAllDay: true });
  });

  it('before opening on an open day says the time only', () => {
    expect(label(bar, '2026-11-24T09:15')).toBe('Closed · opens 4 PM');
  });

  it('names the weekday when the next opening is 2–6 days away', () => {
    const fridayOnly: OpeningHours = { kind: 'weekly', rules: [{ days: [5], open: '10:30', close: '14:00' }] };
    expect(label(fridayOnly, '2026-11-24T09:00')).toBe('Closed today · opens Fri 10:30 AM');
  });

  it('is closed out of season and says when it is back', () => {
    expect(label(market, '2026-07-11T09:00')).toBe('Closed · back Oct 3');
    expect(label(market, '2026-11-28T09:00')).toBe('Open now · closes 1 PM');
    expect(label(winterFestival, '2026-12-31T12:00')).toBe('Open now · closes 6 PM');
    expect(label(winterFestival, '2027-01-06T12:00')).toBe('Closed · back Dec 20');
  });

  it('is always open, and never says it closes', () => {
    expect(openingStatus({ kind: 'always' }, city('2026-11-23T03:00'))).toEqual({ state: 'always-open' });
    expect(label({ kind: 'always' }, '2026-11-23T03:00')).toBe('Open 24 hours');
  });

  it('follows the sun for trailheads', () => {
    const { sunrise, sunset } = daylightMinutes(Date.UTC(2026, 5, 21));
    // Scottsdale, June 21: sunrise about 5:18 AM, sunset about 7:42 PM.
    expect(sunrise).toBeGreaterThan(5 * 60 + 10);
    expect(sunrise).toBeLessThan(5 * 60 + 26);
    expect(sunset).toBeGreaterThan(19 * 60 + 34);
    expect(sunset).toBeLessThan(19 * 60 + 50);
    const december = daylightMinutes(Date.UTC(2026, 11, 21));
    // December 21: sunrise about 7:29 AM, sunset about 5:24 PM.
    expect(december.sunrise).toBeGreaterThan(7 * 60 + 20);
    expect(december.sunset).toBeLessThan(17 * 60 + 32);
    expect(label({ kind: 'daylight' }, '2026-12-21T12:00')).toMatch(/^Open now · closes 5:\d\d PM$/);
    expect(label({ kind: 'daylight' }, '2026-12-21T21:00')).toMatch(/^Closed · opens tomorrow 7:\d\d AM$/);
  });

  it('formats city clock times', () => {
    expect(clockLabel(city('2026-11-23T00:00'))).toBe('Midnight');
    expect(clockLabel(city('2026-11-23T12:00'))).toBe('Noon');
    expect(clockLabel(city('2026-11-23T09:05'))).toBe('9:05 AM');
    expect(clockLabel(city('2026-11-23T23:30'))).toBe('11:30 PM');
  });
});
