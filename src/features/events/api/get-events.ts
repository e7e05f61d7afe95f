import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../browser/query-client';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { calendarEvents } from '../../../server/content/events';

/** GET /api/events (spec §3): the events starting in a window, soonest first. */
export type CalendarEvents = Wire<Awaited<ReturnType<typeof calendarEvents>>>;

/** One event as the calendar shows it; the built-in samples have this shape too. */
export type CalendarEvent = CalendarEvents[number];

/** Instants; without one the server's default window (12 weeks back to 52 ahead). */
export interface EventWindow {
  from: Date;
  to: Date;
}

function eventsUrl(window?: EventWindow): string {
  return window ? `/api/events?from=${window.from.toISOString()}&to=${window.to.toISOString()}` : '/api/events';
}

export function getEvents(window?: EventWindow): Promise<CalendarEvents> {
  return apiGet<CalendarEvents>(eventsUrl(window));
}

export function eventsQueryOptions(window?: EventWindow) {
  return queryOptions({ queryKey: [eventsUrl(window)], queryFn: () => getEvents(window) });
}

export function useEvents({ window, queryConfig = {} }: { window?: EventWindow; queryConfig?: QueryConfig<typeof eventsQueryOptions> } = {}) {
  return useQuery({ ...eventsQueryOptions(window), ...queryConfig });
}
