import { and, asc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import ical, { type ICalCalendar } from 'ical-generator';
import { z } from 'zod';
import { events, type Event } from '../../../db/schema';
import { entryTimes, spotCalendarEntry, utcStamp } from '../../lib/calendar-links';
import type { OpeningHours } from '../../lib/opening-hours';
import { database } from '../db/database';
import { listedEvent } from './events';
import { spotTeaser } from '../../lib/spot-teaser';

/** What an .ics is made from: an event row, or a spot's next occurrence. */
export interface IcsEvent {
  /** Stable across requests and files: `event-<id>`, `spot-<id>-<day>`; the site's host is added. */
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
  description: string | null;
  location: string | null;
  /** Where it is on the map, when known (the .ics GEO line). */
  geo?: { lat: number; lon: number } | null;
  /** The page about it (absolute). */
  url: string | null;
  /** When this copy of the information was made; a fixed value keeps the file the same between requests. */
  stamp: Date;
  category?: string | null;
}

const PROD_ID = { company: 'Scottsdale Local Guide', product: 'Events', language: 'EN' };
const CALENDAR_NAME = 'Scottsdale Local Guide';

/** How far ahead the subscribed feed reaches (and how long a started multi-day event may have run). */
const FEED_DAYS = 120;
const DAY_MS = 86_400_000;
/** Events that started up to this long ago and have no end time stay in the feed for the evening. */
const FEED_GRACE_MS = 6 * 60 * 60 * 1000;

/** `?category=` of /events.ics: one of the calendar's event types ("Music", "Food & Drink"). */
export const FeedQuery = z.strictObject({
  category: z
    .string()
    .trim()
    .min(1, 'category must not be empty')
    .max(80, 'category must be at most 80 characters')
    .regex(/^[\p{L}\p{N} &'’/,.+-]+$/u, "category may hold letters, digits, spaces and & ' / , . + - only")
    .optional(),
});

function hostOf(origin: string): string {
  return new URL(origin).host;
}

function calendar(name: string, origin: string): ICalCalendar {
  return ical({ name, prodId: PROD_ID, url: `${origin}/events`, ttl: 60 * 60 });
}

function addEvent(cal: ICalCalendar, event: IcsEvent, host: string) {
  const { start, end } = entryTimes(event);
  cal.createEvent({
    id: `${event.uid}@${host}`,
    summary: event.title,
    start,
    end,
    stamp: event.stamp,
    description: [event.description?.trim(), event.url ? `More: ${event.url}` : null].filter(Boolean).join('\n\n') || null,
    location: event.location && event.geo ? { title: event.location, geo: event.geo } : event.location,
    url: event.url,
    categories: event.category ? [{ name: event.category }] : [],
  });
}

/** RFC 5545 ends every content line, the last one too, with CRLF. */
function icsText(cal: ICalCalendar): string {
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A VCALENDAR holding one event (the "Add to calendar" download). Times are UTC. */
export function singleEventIcs(event: IcsEvent, origin: string): string {
  const cal = calendar(CALENDAR_NAME, origin);
  addEvent(cal, event, hostOf(origin));
  return icsText(cal);
}

/** The subscribed feed: every given event, named after the category when there is one. */
export function eventsFeedIcs(list: IcsEvent[], origin: string, category?: string): string {
  const cal = calendar(category ? `${CALENDAR_NAME}: ${category}` : CALENDAR_NAME, origin);
  cal.description(category ? `Upcoming ${category} events in Scottsdale` : 'Upcoming events in Scottsdale, from the Scottsdale Local Guide');
  const host = hostOf(origin);
  for (const event of list) addEvent(cal, event, host);
  return icsText(cal);
}

const icsColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  link: events.link,
  eventType: events.eventType,
  createdAt: events.createdAt,
};
type IcsRow = Pick<Event, keyof typeof icsColumns>;

function fromRow(row: IcsRow, origin: string): IcsEvent {
  return {
    uid: `event-${row.id}`,
    title: row.title,
    start: row.startDate,
    end: row.endDate,
    description: row.description,
    location: row.location,
    url: row.link && /^https?:\/\//i.test(row.link) ? row.link : `${origin}/events`,
    stamp: row.createdAt,
    category: row.eventType,
  };
}

/** Events not yet over (or started in the last few hours without an end) through the next 120 days, soonest first. */
export async function upcomingIcsEvents(origin: string, options: { category?: string; now?: Date } = {}): Promise<IcsEvent[]> {
  const now = options.now ?? new Date();
  const db = await database();
  const notOver = or(gt(events.endDate, now), and(isNull(events.endDate), gte(events.startDate, new Date(now.getTime() - FEED_GRACE_MS))));
  const window = [gte(events.startDate, new Date(now.getTime() - FEED_DAYS * DAY_MS)), lt(events.startDate, new Date(now.getTime() + FEED_DAYS * DAY_MS))];
  const filters = [listedEvent, notOver, ...window];
  if (options.category) filters.push(eq(events.eventType, options.category));
  const rows = await db
    .select(icsColumns)
    .from(events)
    .where(and(...filters))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map((row) => fromRow(row, origin));
}

/** One listed event, by id; null when there is none. */
export async function icsEventById(id: number, origin: string): Promise<IcsEvent | null> {
  const db = await database();
  const [row] = await db
    .select(icsColumns)
    .from(events)
    .where(and(eq(events.id, id), listedEvent))
    .limit(1);
  return row ? fromRow(row, origin) : null;
}

/**
 * An event spot's next occurrence as an .ics event; null for other spots or when it has no next
 * date. The file is public and kept by shared caches and calendar apps (which fetch it without the
 * visitor's cookies), so it is the same for everyone: the teaser and a link to the spot's page,
 * never the premium part of the description. The street address and map position are what any
 * visitor without an email reads on the page.
 */
export function spotIcsEvent(
  spot: {
    id: number;
    slug: string;
    name: string;
    category: string;
    description: string;
    neighbourhood: string | null;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
    hours: OpeningHours | null;
    createdAt: Date;
  },
  origin: string,
  now: Date = new Date(),
): IcsEvent | null {
  const next = spotCalendarEntry(spot, now);
  if (!next) return null;
  return {
    uid: `spot-${spot.id}-${utcStamp(next.start).slice(0, 8)}`,
    title: next.title,
    start: next.start,
    end: next.end,
    description: spotTeaser(spot.description),
    location: next.location ?? null,
    geo: spot.latitude !== null && spot.longitude !== null ? { lat: spot.latitude, lon: spot.longitude } : null,
    url: `${origin}/spots/${encodeURIComponent(spot.slug)}`,
    stamp: spot.createdAt,
    category: 'Event',
  };
}
