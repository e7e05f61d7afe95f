import { and, asc, gte, isNull, lt, sql } from 'drizzle-orm';
import { addDays } from 'date-fns';
import { events } from '../../../db/schema';
import { weekOf } from '../../lib/city-time';
import { database } from '../db/database';

/** What the events read sends (spec §3); src/features/events/api/get-events.ts derives its type from it. */
const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  link: events.link,
  eventType: events.eventType,
  tags: events.tags,
  isTrending: events.isTrending,
  isNewThisWeek: events.isNewThisWeek,
  source: events.source,
  createdAt: events.createdAt,
};

/** Events on the site: an editor's hidden ones leave every list and feed. */
export const listedEvent = isNull(events.hiddenAt);

/** An event is over once its end (or, without one, its start) has passed. */
export function eventOver(now: Date) {
  return sql<boolean>`coalesce(${events.endDate}, ${events.startDate}) < ${now.getTime()}`;
}

/** Default calendar window: 12 weeks back to 52 weeks ahead of the current week. */
export function defaultEventWindow(now: Date = new Date()): { from: Date; to: Date } {
  const week = weekOf(now);
  return { from: addDays(week, -7 * 12), to: addDays(week, 7 * 52) };
}

/**
 * Events starting in [from, to), soonest first (spec §3): GET /api/events and the /events page,
 * whose calendar lists a week's ended events after the others (endedLast in calendar-week.ts).
 */
export async function calendarEvents(from: Date, to: Date) {
  const db = await database();
  return db
    .select(eventColumns)
    .from(events)
    .where(and(listedEvent, gte(events.startDate, from), lt(events.startDate, to)))
    .orderBy(asc(events.startDate), asc(events.id));
}

/**
 * Events starting from now through the next seven days, soonest first: the weekly widget's shape
 * (spec §3 Weekly event) plus the end, which the home page's Add to calendar uses.
 */
export async function upcomingWeekEvents(now: Date = new Date()) {
  const db = await database();
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(and(listedEvent, gte(events.startDate, now), lt(events.startDate, addDays(now, 7))))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    date: e.startDate,
    endDate: e.endDate,
    location: e.location,
    description: e.description,
    link: e.link,
  }));
}

/** GET /api/weekly-events: exactly the spec's Weekly event fields (id, title, date, location, description, link). */
export async function weeklyEventsResponse(now: Date = new Date()) {
  return (await upcomingWeekEvents(now)).map(({ endDate: _end, ...event }) => event);
}

/** The next listed events held at a venue (their location starts with its name), soonest first. */
export async function eventsAtVenue(venueName: string, now: Date = new Date(), limit = 10) {
  const db = await database();
  const prefix = `${venueName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ title: events.title, description: events.description, startDate: events.startDate, endDate: events.endDate, link: events.link })
    .from(events)
    .where(and(listedEvent, sql`lower(${events.location}) LIKE ${prefix} ESCAPE '\\'`, sql`not (${eventOver(now)})`))
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(limit);
}

/** When the listed events last changed (one added, edited or hidden): the /events page's lastmod. */
export async function eventsChangedAt(): Promise<Date | null> {
  const db = await database();
  const [row] = await db.select({ at: sql<number | null>`max(coalesce(${events.updatedAt}, ${events.createdAt}))` }).from(events);
  return row?.at ? new Date(Number(row.at)) : null;
}
