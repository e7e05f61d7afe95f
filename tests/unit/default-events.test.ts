import { describe, expect, it } from 'vitest';
import { defaultWeekendEvents } from '../../src/features/events/default-events';
import { formatCityDay, formatCityTime } from '../../src/lib/city-time';

describe('default weekend events', () => {
  it('are dated to the coming Friday, Saturday and Sunday in city time', () => {
    // Wednesday Nov 25, 2026, noon in Phoenix
    const events = defaultWeekendEvents(new Date('2026-11-25T19:00:00Z'));
    expect(events.map((e) => formatCityDay(e.date))).toEqual(['Fri, Nov 27', 'Sat, Nov 28', 'Sun, Nov 29']);
    expect(events.map((e) => formatCityTime(e.date))).toEqual(['6:00 PM', '8:00 AM', '6:30 AM']);
    expect(events.every((e) => e.id < 0 && e.title && e.location && e.link)).toBe(true);
  });
  it('on a Friday they are that same weekend', () => {
    const events = defaultWeekendEvents(new Date('2026-11-27T16:00:00Z'));
    expect(formatCityDay(events[0]!.date)).toBe('Fri, Nov 27');
  });
});
