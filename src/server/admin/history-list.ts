import { TZDate } from '@date-fns/tz';
import { and, asc, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { HISTORY_KINDS, history, spots, staff } from '../../../db/schema';
import { cityDateTime, cityDayStart } from '../../lib/city-time';
import { CITY_TIME_ZONE } from '../../lib/constants';
import { database } from '../db/database';

export const HISTORY_PAGE_SIZE = 50;

/** A city date 'YYYY-MM-DD' that exists on the calendar, as the midnight (city time) that starts it. */
const cityDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-11-22`)
    .transform((value, ctx) => {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const check = new Date(Date.UTC(year, month - 1, day));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
        ctx.addIssue({ code: 'custom', message: `${field} is not a real date` });
        return z.NEVER;
      }
      return cityDayStart(new TZDate(year, month - 1, day, 12, 0, CITY_TIME_ZONE));
    });

const cursor = z
  .string()
  .regex(/^\d{1,12}$/, 'The page link is not valid: start from the newest entries')
  .transform(Number);
const blankIsMissing = (value: unknown) => (value === '' ? undefined : value);

/** The History page's filters and position, from its GET query. */
export const HistoryQuery = z
  .object({
    /** A member of staff's id, or `system` for changes the guide made itself. */
    person: z.preprocess(blankIsMissing, z.union([z.literal('system'), z.string().regex(/^\d{1,12}$/, 'Person must be someone from the list')]).optional()),
    kind: z.preprocess(blankIsMissing, z.enum(HISTORY_KINDS, { error: `Kind must be one of ${HISTORY_KINDS.join(', ')}` }).optional()),
    from: z.preprocess(blankIsMissing, cityDate('From').optional()),
    to: z.preprocess(blankIsMissing, cityDate('To').optional()),
    before: z.preprocess(blankIsMissing, cursor.optional()),
    after: z.preprocess(blankIsMissing, cursor.optional()),
  })
  .strict()
  .refine((query) => !(query.from && query.to && query.from > query.to), { message: 'From must be on or before To' })
  .refine((query) => !(query.before !== undefined && query.after !== undefined), { message: 'The page link is not valid: start from the newest entries' });
export type HistoryFilters = z.output<typeof HistoryQuery>;

function conditions(filters: HistoryFilters): SQL[] {
  const where: (SQL | undefined)[] = [
    filters.person === 'system' ? isNull(history.actorId) : filters.person ? eq(history.actorId, Number(filters.person)) : undefined,
    filters.kind ? eq(history.kind, filters.kind) : undefined,
    filters.from ? gte(history.at, filters.from) : undefined,
    filters.to ? lt(history.at, cityDateTime(filters.to, 1, '00:00')) : undefined,
  ];
  return where.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * One page of History, newest first, paged by id (keyset): `before` gives the entries older than
 * that id, `after` the ones newer. Each page is a bounded range scan on the primary key however
 * many entries there are; `older`/`newer` are the cursors of the next pages, null at either end.
 */
export async function historyPage(filters: HistoryFilters, pageSize = HISTORY_PAGE_SIZE) {
  const db = await database();
  const base = conditions(filters);
  const newerFirst = filters.after === undefined;
  const position = filters.after !== undefined ? gt(history.id, filters.after) : filters.before !== undefined ? lt(history.id, filters.before) : undefined;
  const rows = await db
    .select()
    .from(history)
    .where(and(...base, position))
    .orderBy(newerFirst ? desc(history.id) : asc(history.id))
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const entries = rows.slice(0, pageSize);
  if (!newerFirst) entries.reverse();
  const first = entries[0];
  const last = entries.at(-1);
  const exists = async (condition: SQL) =>
    (
      await db
        .select({ id: history.id })
        .from(history)
        .where(and(...base, condition))
        .limit(1)
    ).length > 0;
  const hasOlder = last ? (newerFirst ? more : await exists(lt(history.id, last.id))) : false;
  const hasNewer = first ? (newerFirst ? filters.before !== undefined && (await exists(gt(history.id, first.id))) : more) : false;
  return { entries: await withLinks(entries), older: hasOlder ? last!.id : null, newer: hasNewer ? first!.id : null };
}

/** Each entry with the address of its record, where that record still exists and has a page. */
async function withLinks(entries: (typeof history.$inferSelect)[]) {
  const db = await database();
  const spotIds = entries.filter((entry) => entry.kind === 'spot' && /^\d+$/.test(entry.subjectId)).map((entry) => Number(entry.subjectId));
  const found = spotIds.length
    ? await db
        .select({ id: spots.id, slug: spots.slug, archived: sql<number>`${spots.archivedAt} IS NOT NULL` })
        .from(spots)
        .where(sql`${spots.id} IN (${sql.join(spotIds, sql`, `)})`)
    : [];
  const spotLinks = new Map(found.map((spot) => [String(spot.id), spot.archived ? '/admin/spots?show=archived' : `/spots/${spot.slug}`]));
  return entries.map((entry) => ({
    ...entry,
    href:
      entry.kind === 'spot'
        ? (spotLinks.get(entry.subjectId) ?? null)
        : entry.kind === 'suggestion'
          ? '/admin/suggestions'
          : entry.kind === 'event'
            ? '/admin/events'
            : null,
  }));
}

/** Everyone who appears in History or on the staff, for the person filter. */
export async function historyPeople() {
  const db = await database();
  const [members, named] = await Promise.all([
    db.select({ id: staff.id, name: staff.name }).from(staff).orderBy(asc(staff.name)),
    db.select({ id: history.actorId, name: history.actorName }).from(history).where(isNull(history.actorId)).limit(1),
  ]);
  return { staff: members, hasSystem: named.length > 0 };
}
