import { describe, expect, it } from 'vitest';
import { endedLast } from '../../src/lib/calendar-week';

describe('a week of events on the calendar', () => {
  const event = (title: string, startDate: string) => ({ title, startDate });
  const events = [
    event('Monday market', '2026-11-23T15:00:00Z'),
    event('Tuesday talk', '2026-11-24T01:00:00Z'),
    event('This morning', '2026-11-25T15:00:00Z'),
    event('Friday show', '2026-11-27T02:00:00Z'),
  ];
  // Wednesday in Scottsdale: Monday's and Tuesday's events are over.
  const pastDay = (e: { startDate: string }) => e.startDate < '2026-11-25T07:00:00Z';

  it('lists what a visitor can still go to first, then the ended ones, each group in its own order', () => {
    expect(endedLast(events, pastDay).map((e) => e.title)).toEqual(['This morning', 'Friday show', 'Monday market', 'Tuesday talk']);
  });
  it('leaves a week with nothing over as it is', () => {
    expect(endedLast(events.slice(2), pastDay)).toEqual(events.slice(2));
  });
});
