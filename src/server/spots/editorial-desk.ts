import { and, asc, desc, eq, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { readerCorrections, spots } from '../../../db/schema';
import { SPOT_CATEGORIES } from '../../lib/catalog';
import type { OpeningHours } from '../../lib/opening-hours';
import { RECHECK_DAYS, SPOT_STATUSES, cityToday, missingForPublish } from '../../lib/spot-status';
import { database } from '../db/database';
import { deskSearchCondition } from '../search/desk';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The desk's filters, from the list page's query. */
export const SpotDeskQuery = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search for at most 100 characters').optional()),
  category: z.preprocess(blankToUndefined, z.enum(SPOT_CATEGORIES, { error: 'Choose a category from the list' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum([...SPOT_STATUSES, 'draft', 'archived'], { error: 'Choose a status from the list' }).optional()),
  neighbourhood: z.preprocess(blankToUndefined, z.string().trim().max(60, 'Neighbourhood is at most 60 characters').optional()),
  completeness: z.preprocess(blankToUndefined, z.enum(['complete', 'incomplete'], { error: 'Completeness is complete or incomplete' }).optional()),
  due: z.preprocess(blankToUndefined, z.enum(['recheck'], { error: 'Due is recheck' }).optional()),
  /** The first desk's filter, kept so its links still work: in-guide is every spot not archived. */
  show: z.preprocess(blankToUndefined, z.enum(['all', 'in-guide', 'archived'], { error: 'Show must be all, in-guide or archived' }).optional()),
});
export type SpotDeskFilters = z.infer<typeof SpotDeskQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A seasonal spot is due for a check this many days before its season opens. */
const SEASON_NOTICE_DAYS = 30;

/** A reader's correction or closed report of the spot waits in the Corrections inbox. */
const reported = sql`EXISTS (SELECT 1 FROM ${readerCorrections} WHERE ${readerCorrections.spotId} = ${spots.id} AND ${readerCorrections.state} = 'open')`;

const complete = sql`(${spots.hook} IS NOT NULL AND trim(${spots.hook}) <> '' AND trim(${spots.description}) <> '' AND ${spots.neighbourhood} IS NOT NULL AND trim(${spots.neighbourhood}) <> ''
  AND ((${spots.address} IS NOT NULL AND trim(${spots.address}) <> '') OR ${spots.latitude} IS NOT NULL)
  AND (${spots.hours} IS NOT NULL OR ${spots.noFixedHours} = 1))`;

export const REPORTED_BY_READERS = 'Reported by readers';

/** Why a spot is due for a re-check, or null: readers reported it, never checked, checked too long ago, or its season is near. */
export function recheckReason(spot: { verifiedAt: Date | null; hours: OpeningHours | null; reported?: boolean }, now: Date): string | null {
  if (spot.reported) return REPORTED_BY_READERS;
  if (!spot.verifiedAt) return 'Never checked';
  if (spot.verifiedAt.getTime() < now.getTime() - RECHECK_DAYS * DAY_MS) return `Checked more than ${RECHECK_DAYS} days ago`;
  const seasons = spot.hours?.kind === 'weekly' ? (spot.hours.seasons ?? []) : [];
  for (const season of seasons) {
    const today = cityToday(now);
    const year = Number(today.slice(0, 4));
    const start = [`${year}-${season.from}`, `${year + 1}-${season.from}`].find((day) => day >= today)!;
    const startMs = Date.parse(`${start}T07:00:00Z`);
    if (startMs - now.getTime() <= SEASON_NOTICE_DAYS * DAY_MS && spot.verifiedAt.getTime() < startMs - SEASON_NOTICE_DAYS * DAY_MS) return 'Season opens soon';
  }
  return null;
}

/**
 * The back office's list of spots: every spot (drafts, closed and archived ones too) matching the
 * filters, newest first, each with what publishing still needs and why a re-check is due.
 */
export async function spotDesk(filters: SpotDeskFilters, now = new Date(), limit = 100) {
  const db = await database();
  const pattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: (SQL | undefined)[] = [];
  // The guide's search (typos, prefixes, synonyms) over the public text, plus the name or slug as typed.
  const found = filters.q ? await deskSearchCondition(filters.q, 'spot', spots.id) : null;
  if (filters.q)
    conditions.push(or(found ?? undefined, sql`${like(spots.name, pattern(filters.q))} escape '\\'`, sql`${like(spots.slug, pattern(filters.q))} escape '\\'`));
  if (filters.category) conditions.push(eq(spots.category, filters.category));
  if (filters.neighbourhood) conditions.push(sql`${like(spots.neighbourhood, pattern(filters.neighbourhood))} escape '\\'`);
  if (filters.show === 'archived') conditions.push(isNotNull(spots.archivedAt));
  if (filters.show === 'in-guide') conditions.push(isNull(spots.archivedAt));
  if (filters.status === 'archived') conditions.push(isNotNull(spots.archivedAt));
  else if (filters.status === 'draft') conditions.push(isNull(spots.archivedAt), eq(spots.draft, 1));
  else if (filters.status) conditions.push(isNull(spots.archivedAt), eq(spots.draft, 0), eq(spots.status, filters.status));
  if (filters.completeness === 'complete') conditions.push(complete);
  if (filters.completeness === 'incomplete') conditions.push(sql`NOT ${complete}`);
  // The re-check reasons need the hours (seasons), so that filter runs after the query.
  if (filters.due)
    conditions.push(
      isNull(spots.archivedAt),
      eq(spots.draft, 0),
      or(isNull(spots.verifiedAt), lt(spots.verifiedAt, new Date(now.getTime() - RECHECK_DAYS * DAY_MS)), sql`${spots.hours} LIKE '%"seasons"%'`, reported),
    );
  const rows = await db
    .select({
      id: spots.id,
      slug: spots.slug,
      name: spots.name,
      category: spots.category,
      neighbourhood: spots.neighbourhood,
      hook: spots.hook,
      description: spots.description,
      address: spots.address,
      latitude: spots.latitude,
      hours: spots.hours,
      noFixedHours: spots.noFixedHours,
      status: spots.status,
      closedUntil: spots.closedUntil,
      draft: spots.draft,
      verifiedAt: spots.verifiedAt,
      createdAt: spots.createdAt,
      archivedAt: spots.archivedAt,
      reported: sql<number>`${reported}`,
    })
    .from(spots)
    .where(and(...conditions))
    .orderBy(filters.due ? asc(spots.verifiedAt) : desc(spots.createdAt), desc(spots.id));
  const shaped = rows
    .map(({ hook: _h, description: _d, address: _a, latitude: _l, hours, noFixedHours: _n, reported: isReported, ...row }, i) => ({
      ...row,
      missing: missingForPublish(rows[i]!),
      recheck: row.archivedAt || row.draft ? null : recheckReason({ verifiedAt: row.verifiedAt, hours, reported: Boolean(isReported) }, now),
    }))
    .filter((row) => !filters.due || row.recheck !== null);
  return { spots: shaped.slice(0, limit), total: shaped.length, archived: shaped.filter((row) => row.archivedAt).length };
}
