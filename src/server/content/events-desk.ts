import { and, asc, count, eq, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import { events } from '../../../db/schema';
import type { EventChange, NewEvent } from '../../lib/event-input';
import { changedFields, historyEntryIfChanged, type Actor } from '../admin/history';
import { database, writeAtomically } from '../db/database';
import { deskSearchCondition } from '../search/desk';
import { HttpError } from '../http/responses';
import { IMPORTED_FIELDS } from './event-import';
import { eventOver } from './events';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENTS_DESK_PAGE_SIZE = 50;

/** What the desk shows and edits of an event. */
const deskColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  link: events.link,
  eventType: events.eventType,
  source: events.source,
  sourceId: events.sourceId,
  editedFields: events.editedFields,
  hiddenAt: events.hiddenAt,
  updatedAt: events.updatedAt,
};

export type DeskEvent = Awaited<ReturnType<typeof eventForDesk>>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Dates as text in History, so before and after read the same way. */
const forHistory = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/**
 * The desk's list: upcoming and running events first (soonest first), then those over (latest
 * first), with the guide's search (typos, prefixes, synonyms) plus a plain match on title, place and
 * category; hidden ones only when asked for.
 */
export async function eventsForDesk(filters: { q?: string; show: 'listed' | 'hidden' | 'all'; page: number }, now = new Date()) {
  const db = await database();
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = filters.q ? await deskSearchCondition(filters.q, 'event', events.id) : null;
  const where = and(
    filters.show === 'listed' ? isNull(events.hiddenAt) : filters.show === 'hidden' ? isNotNull(events.hiddenAt) : undefined,
    pattern
      ? or(
          found ?? undefined,
          sql`${like(events.title, pattern)} escape '\\'`,
          sql`${like(events.location, pattern)} escape '\\'`,
          sql`${like(events.eventType, pattern)} escape '\\'`,
        )
      : undefined,
  );
  const over = eventOver(now);
  const [rows, [total]] = await Promise.all([
    db
      .select(deskColumns)
      .from(events)
      .where(where)
      .orderBy(over, sql`case when ${over} then -${events.startDate} else ${events.startDate} end`, asc(events.id))
      .limit(EVENTS_DESK_PAGE_SIZE)
      .offset((filters.page - 1) * EVENTS_DESK_PAGE_SIZE),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { events: rows, total: total?.n ?? 0, page: filters.page, pageSize: EVENTS_DESK_PAGE_SIZE };
}

export async function eventForDesk(id: number) {
  const db = await database();
  const [event] = await db.select(deskColumns).from(events).where(eq(events.id, id));
  if (!event) throw new HttpError(404, EVENT_NOT_FOUND);
  return event;
}

/** Adds an event by hand ('editorial'), with its History entry in the same batch. */
export async function addEvent(actor: Actor, input: NewEvent, now = new Date()) {
  const db = await database();
  try {
    const [[event]] = await writeAtomically(() =>
      db.batch([
        db
          .insert(events)
          .values({ ...input, source: 'editorial', tags: [], isNewThisWeek: true, createdAt: now, updatedAt: now })
          .returning(deskColumns),
        historyEntryIfChanged(
          db,
          actor,
          { kind: 'event', subjectId: sql`last_insert_rowid()`, subjectLabel: input.title, event: 'added', after: forHistory(input) },
          now,
        ),
      ]),
    );
    return event!;
  } catch (error) {
    if (isTitleStartClash(error)) throw new HttpError(409, 'An event with this title already starts at that time. Change the title or the start.');
    throw error;
  }
}

function isTitleStartClash(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE') && text.includes('events.title');
}

/**
 * Edits an event. The fields changed are remembered on the event, so the next import leaves them
 * as the editor set them; the change and its History entry are one batch.
 */
export async function editEvent(actor: Actor, id: number, change: EventChange, now = new Date()) {
  const db = await database();
  const current = await eventForDesk(id);
  const diff = changedFields(current as Record<string, unknown>, change as Record<string, unknown>);
  if (!diff) return current;
  const next = { ...current, ...change };
  if (next.endDate && next.endDate < next.startDate) throw new HttpError(400, 'End must be after the start', { endDate: 'End must be after the start' });
  const touched = Object.keys(diff.after).filter((field) => (IMPORTED_FIELDS as readonly string[]).includes(field));
  const editedFields = [...new Set([...current.editedFields, ...touched])].sort();
  try {
    const [[event]] = await writeAtomically(() =>
      db.batch([
        db
          .update(events)
          .set({ ...change, editedFields, updatedAt: now })
          .where(eq(events.id, id))
          .returning(deskColumns),
        historyEntryIfChanged(
          db,
          actor,
          { kind: 'event', subjectId: id, subjectLabel: next.title, event: 'edited', before: forHistory(diff.before), after: forHistory(diff.after) },
          now,
        ),
      ]),
    );
    return event!;
  } catch (error) {
    if (isTitleStartClash(error)) throw new HttpError(409, 'An event with this title already starts at that time. Change the title or the start.');
    throw error;
  }
}

/**
 * Hides an event from every list and feed, or shows it again. A hidden imported event is kept, so
 * the next import knows it and does not bring it back.
 */
export async function setEventHidden(actor: Actor, id: number, hidden: boolean, now = new Date()) {
  const db = await database();
  const current = await eventForDesk(id);
  const hiddenAt = hidden ? now : null;
  const [updated] = await writeAtomically(() =>
    db.batch([
      db
        .update(events)
        .set({ hiddenAt, updatedAt: now })
        .where(and(eq(events.id, id), hidden ? isNull(events.hiddenAt) : isNotNull(events.hiddenAt)))
        .returning(deskColumns),
      historyEntryIfChanged(
        db,
        actor,
        {
          kind: 'event',
          subjectId: id,
          subjectLabel: current.title,
          event: hidden ? 'hidden' : 'shown',
          before: { hiddenAt: iso(current.hiddenAt) },
          after: { hiddenAt: iso(hiddenAt) },
        },
        now,
      ),
    ]),
  );
  const event = updated[0];
  if (!event) throw new HttpError(409, hidden ? 'This event is already hidden.' : 'This event is not hidden.');
  return event;
}
