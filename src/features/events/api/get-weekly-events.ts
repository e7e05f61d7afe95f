import type { Wire } from '../../../lib/wire';
import type { upcomingWeekEvents } from '../../../server/content/events';

/**
 * GET /api/weekly-events (spec §3 Weekly event): the coming seven days. No island reads it; the
 * home page renders it (WeeklyGems) and the built-in weekend rituals have this shape too.
 */
export type WeeklyEvents = Wire<Awaited<ReturnType<typeof upcomingWeekEvents>>>;

export type WeeklyEvent = WeeklyEvents[number];
