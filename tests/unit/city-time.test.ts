import { describe, expect, it } from 'vitest';
import { cityDateTime, cityDayKey, formatCityDate, formatCityTime, weekOf } from '../../src/lib/city-time';

describe('city time (America/Phoenix, UTC-7 all year)', () => {
  it('weeks start on Sunday 00:00 city time', () => {
    // Wednesday 2026-11-25 12:00 in Phoenix
    expect(weekOf('2026-11-25T19:00:00Z').toISOString()).toBe('2026-11-22T07:00:00.000Z');
  });
  it('Saturday late evening in the city still belongs to that week, though UTC is already Sunday', () => {
    expect(weekOf('2026-11-29T06:30:00Z').toISOString()).toBe('2026-11-22T07:00:00.000Z');
  });
  it('Sunday midnight starts the next week', () => {
    expect(weekOf('2026-11-29T07:00:00Z').toISOString()).toBe('2026-11-29T07:00:00.000Z');
  });
  it('a week crossing a month boundary', () => {
    expect(weekOf('2026-12-02T18:00:00Z').toISOString()).toBe('2026-11-29T07:00:00.000Z');
  });
  it('no daylight saving: July is also UTC-7', () => {
    expect(cityDateTime(weekOf('2026-07-08T12:00:00Z'), 3, '19:30').toISOString()).toBe('2026-07-09T02:30:00.000Z');
  });
  it('places a local time on a day offset', () => {
    const sunday = weekOf('2026-11-25T19:00:00Z');
    expect(cityDateTime(sunday, 4, '19:00').toISOString()).toBe('2026-11-27T02:00:00.000Z');
  });
  it('formats dates and times in the city', () => {
    expect(formatCityDate('2026-11-22T05:00:00Z')).toBe('November 21, 2026');
    expect(formatCityTime('2026-11-27T02:00:00Z')).toBe('7:00 PM');
  });

  it('names the city day of an instant, in an order strings keep', () => {
    // 06:59 UTC is still the evening before in Phoenix (UTC-7, no daylight saving).
    expect(cityDayKey('2026-11-28T06:59:00Z')).toBe('2026-11-27');
    expect(cityDayKey('2026-11-28T07:00:00Z')).toBe('2026-11-28');
    expect(cityDayKey('2026-07-01T06:30:00Z')).toBe('2026-06-30');
    expect(cityDayKey('2026-12-31T23:00:00Z') < cityDayKey('2027-01-01T08:00:00Z')).toBe(true);
  });
});
