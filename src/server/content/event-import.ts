import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { events as eventsTable } from '../../../db/schema';
import { EVENT_SCRAPE_LIMIT } from '../../lib/constants';
import { weekOf } from '../../lib/city-time';
import { database } from '../db/database';
import { readEventDates } from './event-dates';

/** Turns the rows a Browse AI robot captured from the events page into calendar events. */

export const SCRAPED_EVENT_SOURCE = 'browse_ai';

export const ScrapedEventSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(2000).nullable(),
  startDate: z.date(),
  endDate: z.date().nullable(),
  location: z.string().max(300).nullable(),
  link: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
  eventType: z.string().max(80).nullable(),
  /** The robot's own id for the event, when it captures one. */
  sourceId: z.string().max(300).nullable().optional(),
});
export type ScrapedEvent = z.infer<typeof ScrapedEventSchema>;

/** Robots are trained with field names of the admin's choosing; these are the usual ones. */
const FIELD_NAMES = {
  title: ['title', 'name', 'eventname', 'eventtitle', 'event'],
  date: ['date', 'startdate', 'start', 'eventdate', 'dates', 'when', 'datetime', 'startdatetime'],
  time: ['time', 'starttime', 'eventtime'],
  endDate: ['enddate', 'end', 'enddatetime'],
  endTime: ['endtime'],
  description: ['description', 'summary', 'details', 'eventdescription'],
  location: ['location', 'venue', 'venuename', 'place', 'address', 'eventlocation'],
  link: ['link', 'url', 'eventlink', 'eventurl', 'href', 'detailsurl', 'detailslink'],
  eventType: ['type', 'category', 'eventtype', 'eventcategory'],
  sourceId: ['id', 'eventid', 'sourceid', 'uid'],
} as const;
type Field = keyof typeof FIELD_NAMES;

const Row = z.record(z.string(), z.unknown());

function fieldsOf(row: Record<string, unknown>): (field: Field) => string | null {
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(row)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value).replace(/\s+/g, ' ').trim();
    if (text) values.set(key.toLowerCase().replace(/[^a-z0-9]/g, ''), text);
  }
  return (field) => FIELD_NAMES[field].map((name) => values.get(name)).find((v) => v !== undefined) ?? null;
}

// --- Rows to events

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max).trim() || null);

function absoluteLink(link: string | null, baseUrl: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export type RowResult = { event: ScrapedEvent } | { problem: string };

/** One captured row as an event, or why it cannot be one. */
export function readEventRow(row: unknown, options: { now?: Date; baseUrl?: string } = {}): RowResult {
  const parsedRow = Row.safeParse(row);
  if (!parsedRow.success) return { problem: 'not a list row' };
  const field = fieldsOf(parsedRow.data);
  const title = clip(field('title'), 200);
  if (!title) return { problem: 'no title' };
  const date = field('date');
  if (!date) return { problem: 'no date' };
  const dates = readEventDates({ date, time: field('time'), endDate: field('endDate'), endTime: field('endTime') }, options.now);
  if (!dates) return { problem: `unreadable date "${date.slice(0, 60)}"` };
  const sourceId = clip(field('sourceId'), 300);
  const event = ScrapedEventSchema.safeParse({
    title,
    description: clip(field('description'), 2000),
    ...dates,
    location: clip(field('location'), 300),
    link: absoluteLink(field('link'), options.baseUrl),
    eventType: clip(field('eventType'), 80),
    ...(sourceId && { sourceId }),
  });
  return event.success ? { event: event.data } : { problem: event.error.issues[0]?.message ?? 'invalid event' };
}

export interface PreparedImport {
  events: ScrapedEvent[];
  /** Malformed rows: no title, no or unreadable date, not an object. */
  skipped: number;
  /** Rows with the title and start date of an earlier row of the same run. */
  repeated: number;
  /** Rows past the per-run limit, never read. */
  overLimit: number;
  problems: { row: number; reason: string }[];
}

const MAX_PROBLEMS_LISTED = 10;

/** Reads at most `limit` rows; skips and counts the malformed ones, keeps the first of repeats. */
export function prepareEvents(rows: readonly unknown[], options: { now?: Date; baseUrl?: string; limit?: number } = {}): PreparedImport {
  const limit = options.limit ?? EVENT_SCRAPE_LIMIT;
  const result: PreparedImport = { events: [], skipped: 0, repeated: 0, overLimit: Math.max(0, rows.length - limit), problems: [] };
  const seen = new Set<string>();
  rows.slice(0, limit).forEach((row, index) => {
    const read = readEventRow(row, options);
    if ('problem' in read) {
      result.skipped += 1;
      if (result.problems.length < MAX_PROBLEMS_LISTED) result.problems.push({ row: index + 1, reason: read.problem });
      return;
    }
    const key = `${read.event.title}\u0000${read.event.startDate.getTime()}`;
    if (seen.has(key)) {
      result.repeated += 1;
      return;
    }
    seen.add(key);
    result.events.push(read.event);
  });
  return result;
}

/** The fields an import writes and an editor may take over (`edited_fields`). */
export const IMPORTED_FIELDS = ['title', 'description', 'startDate', 'endDate', 'location', 'link', 'eventType'] as const;
export type ImportedField = (typeof IMPORTED_FIELDS)[number];

/**
 * An event's identity at the source: the robot's id, else its page and start (a weekly event has
 * one page for every date), else its title and start. Kept on the event when it is first imported,
 * so an editor may rename it and the next import still knows it.
 */
export function sourceIdOf(event: ScrapedEvent): string {
  return event.sourceId ?? `${event.link ?? event.title}@${event.startDate.toISOString()}`;
}

export interface SaveReport {
  imported: number;
  updated: number;
  /** Re-seen events an editor hid: left hidden, nothing written. */
  hidden: number;
}

/**
 * Saves a run: an event is matched by its source id (a renamed or moved event is still the same
 * one), or, for one saved before source ids, by title and start. A matched event takes the scraped
 * fields except those an editor changed and those the scrape has empty; a hidden one is left alone;
 * a new one is added as new this week (unless an event with its title and start is already listed).
 */
export async function saveScrapedEvents(list: readonly ScrapedEvent[], now: Date = new Date()): Promise<SaveReport> {
  const report: SaveReport = { imported: 0, updated: 0, hidden: 0 };
  if (list.length === 0) return report;
  const db = await database();
  const ids = list.map(sourceIdOf);
  const existing = await db
    .select()
    .from(eventsTable)
    .where(
      or(
        and(eq(eventsTable.source, SCRAPED_EVENT_SOURCE), inArray(eventsTable.sourceId, ids)),
        and(isNull(eventsTable.sourceId), or(...list.map((e) => and(eq(eventsTable.title, e.title), eq(eventsTable.startDate, e.startDate))))),
      ),
    );
  const bySource = new Map(existing.filter((e) => e.sourceId !== null).map((e) => [e.sourceId!, e]));
  const byTitle = new Map(existing.filter((e) => e.sourceId === null).map((e) => [`${e.title}\u0000${e.startDate.getTime()}`, e]));
  const newThisWeek = weekOf(now).getTime();
  const writes = list.map((scraped, i) => {
    const sourceId = ids[i]!;
    const { sourceId: _id, ...fields } = scraped;
    const match = bySource.get(sourceId) ?? byTitle.get(`${scraped.title}\u0000${scraped.startDate.getTime()}`);
    if (!match) {
      report.imported += 1;
      return db
        .insert(eventsTable)
        .values({ ...fields, source: SCRAPED_EVENT_SOURCE, sourceId, isNewThisWeek: true, tags: [], createdAt: now })
        .onConflictDoNothing();
    }
    if (match.hiddenAt) {
      report.hidden += 1;
      return null;
    }
    report.updated += 1;
    const edited = new Set(match.editedFields);
    const set: Partial<Pick<typeof eventsTable.$inferInsert, ImportedField>> = {};
    for (const field of IMPORTED_FIELDS) if (!edited.has(field) && fields[field] !== null) Object.assign(set, { [field]: fields[field] });
    return db
      .update(eventsTable)
      .set({ ...set, source: SCRAPED_EVENT_SOURCE, sourceId, isNewThisWeek: match.isNewThisWeek && match.createdAt.getTime() >= newThisWeek })
      .where(eq(eventsTable.id, match.id));
  });
  const statements = writes.filter((w) => w !== null);
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return report;
}
