import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import EventsCalendar, { type EventsCalendarProps } from '../../src/components/events/EventsCalendar';
import { eventsInWeek, weekParam, weekRange } from '../../src/lib/calendar-week';
import { formatCityDay, formatCityTime, weekOf } from '../../src/lib/city-time';
import { EVENT_TAGS, deriveEventTags } from '../../src/lib/event-tags';
import type { CalendarEvent } from '../../src/features/events/api/get-events';
import { calendarSource, isSampleEvent, sampleEvents } from '../../src/features/events/sample-events';

// Wednesday Nov 25, 2026, noon in Phoenix; its week runs Sun Nov 22 – Sat Nov 28.
const WEDNESDAY = new Date('2026-11-25T19:00:00Z');

describe('sample events', () => {
  it('are four, dated inside the given week in city time, earliest first', () => {
    const samples = sampleEvents(WEDNESDAY);
    expect(samples).toHaveLength(4);
    expect(samples.map((e) => formatCityDay(e.startDate))).toEqual(['Sun, Nov 22', 'Thu, Nov 26', 'Fri, Nov 27', 'Sat, Nov 28']);
    expect(samples.map((e) => formatCityTime(e.startDate))).toEqual(['7:00 AM', '7:00 PM', '5:30 PM', '8:00 AM']);
    expect(eventsInWeek(samples, WEDNESDAY)).toEqual(samples);
  });

  it('follow the shown week, including one that crosses a month boundary', () => {
    const samples = sampleEvents(new Date('2026-12-01T19:00:00Z'));
    const { start, end } = weekRange(new Date('2026-11-29T12:00:00Z'));
    for (const event of samples) {
      expect(new Date(event.startDate).getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(new Date(event.startDate).getTime()).toBeLessThan(end.getTime());
    }
    expect(formatCityDay(samples[0]!.startDate)).toBe('Sun, Nov 29');
    expect(formatCityDay(samples[3]!.startDate)).toBe('Sat, Dec 5');
  });

  it('are marked as samples with negative ids and carry every card field', () => {
    const samples = sampleEvents(WEDNESDAY);
    expect(new Set(samples.map((e) => e.id)).size).toBe(4);
    for (const event of samples) {
      expect(event.id).toBeLessThan(0);
      expect(isSampleEvent(event)).toBe(true);
      expect(event.title && event.description && event.location && event.eventType).toBeTruthy();
      expect(event.link).toMatch(/^https:\/\//);
    }
    expect(samples.some((e) => e.isTrending)).toBe(true);
    expect(samples.some((e) => e.isNewThisWeek)).toBe(true);
  });

  it('show a spread of derived calendar tags', () => {
    const tags = new Set(sampleEvents(WEDNESDAY).flatMap((e) => deriveEventTags(e)));
    for (const tag of tags) expect(EVENT_TAGS).toContain(tag);
    expect([...tags]).toEqual(expect.arrayContaining(['Family Friendly', 'Fitness', 'Art', 'Food Truck', 'Live Music', 'Market']));
  });
});

describe('the events calendar island', () => {
  const week = weekOf(WEDNESDAY);
  const props = (initialEvents: CalendarEvent[] | null): EventsCalendarProps => ({
    initialEvents,
    loadedFrom: new Date('2026-08-30T07:00:00Z').toISOString(),
    loadedTo: new Date('2027-11-21T07:00:00Z').toISOString(),
    initialWeek: weekParam(week),
    initialCategory: null,
    renderedAt: WEDNESDAY.toISOString(),
  });
  // React separates adjacent text nodes with comments in server HTML.
  const render = (initialEvents: CalendarEvent[] | null) => renderToString(createElement(EventsCalendar, props(initialEvents))).replace(/<!-- -->/g, '');

  it('renders the four samples and the note when the events call returned an empty list', () => {
    const html = render([]);
    expect(html).toContain('Sample events — the live calendar is updating.');
    expect(html.match(/class="event-card( event-card--past)?"/g)).toHaveLength(4);
    expect(html).toContain('4 events this week');
    for (const sample of sampleEvents(week)) expect(html).toContain(sample.title);
  });

  it('renders the real events and no samples when there are some', () => {
    const real: CalendarEvent = { ...sampleEvents(week)[1]!, id: 12, title: 'Canal Lights Night Market', source: 'browse_ai' };
    const html = render([real]);
    expect(html).toContain('Canal Lights Night Market');
    expect(html).toContain('1 event this week');
    expect(html).not.toContain('Sample events');
    expect(html.match(/class="event-card( event-card--past)?"/g)).toHaveLength(1);
  });

  it('says "Loading events..." while there is no data yet', () => {
    const html = render(null);
    expect(html).toContain('Loading events...');
    expect(html).not.toContain('event-card');
  });
});

describe('samples only when the events call returns none, never when it fails', () => {
  it('an empty answer shows the samples; a failure is said as such; no answer yet is loading', () => {
    expect(calendarSource({ isSuccess: true, isError: false, data: [] })).toBe('samples');
    expect(calendarSource({ isSuccess: false, isError: true, data: undefined })).toBe('failed');
    expect(calendarSource({ isSuccess: false, isError: false, data: undefined })).toBe('loading');
    expect(calendarSource({ isSuccess: true, isError: false, data: [1, 2] })).toEqual([1, 2]);
  });
});
