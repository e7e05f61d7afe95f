import { describe, expect, it } from 'vitest';
import { endedLast } from '../../src/lib/calendar-week';

describe('a week of events on the calendar', () => {
  const now = new Date('2026-11-25T20:00:00Z');
  const event = (title: string, start: string, end: string | null = null) => ({ title, startDate: start, endDate: end });
  const events = [
    event('Monday market', '2026-11-23T15:00:00Z'),
    event('Tuesday talk', '2026-11-24T01:00:00Z', '2026-11-24T03:00:00Z'),
    event('This morning', '2026-11-25T15:00:00Z', '2026-11-25T17:00:00Z'),
    event('Running now', '2026-11-25T18:00:00Z', '2026-11-25T22:00:00Z'),
    event('Friday show', '2026-11-27T02:00:00Z'),
  ];
  const pastDay = (e: { startDate: string }) => e.startDate < '2026-11-25T07:00:00Z';

  it('lists what a visitor can still go to first, then the ended ones, each in their own order', () => {
    expect(endedLast(events, now, pastDay).map((e) => e.title)).toEqual(['Running now', 'Friday show', 'Monday market', 'Tuesday talk', 'This morning']);
  });
  it('leaves a week with nothing over as it is', () => {
    expect(endedLast(events.slice(3), now, pastDay)).toEqual(events.slice(3));
  });
});
