import type { Wire } from '../../../lib/wire';
import type { upcomingWeekEvents, weeklyEventsResponse } from '../../../server/content/events';

/**
 * The coming seven days as the home page renders them (WeeklyGems; the built-in weekend rituals
 * have this shape too): GET /api/weekly-events sends the same without `endDate`.
 */
export type WeeklyEvents = Wire<Awaited<ReturnType<typeof upcomingWeekEvents>>>;

export type WeeklyEvent = WeeklyEvents[number];

/** What the endpoint sends: the spec's Weekly event fields only. */
export type WeeklyEventsResponse = Wire<Awaited<ReturnType<typeof weeklyEventsResponse>>>;
