import { and, asc, count, desc, eq, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { spots, type Spot } from '../../../db/schema';
import type { NewSpotInput } from '../../lib/new-spot';
import { slugFromName } from '../../lib/spot-details';
import { SPOTS_PAGE_SIZE, type SpotFilters, type SpotSort } from '../../lib/spot-filters';
import { isOpenAt } from '../../lib/opening-hours';
import { rankedNow } from '../../lib/leaderboard-season';
import { photoMainUrl, photoUrlFor } from '../../lib/photo';
import { database } from '../db/database';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { HttpError } from '../http/responses';
import { photoByKey } from '../uploads/photos';

/** A spot as the API sends it; `score` is the §9 leaderboard score. */
export type SpotView = Spot;

export const SPOT_GONE = 'This spot has closed or been removed from the guide.';

/**
 * Spots in the guide's lists, map, featured, leaderboard, sitemap and feeds: not archived, not a
 * draft, and not closed (a temporary closure ends after its last day, in city time, by itself).
 */
export const inGuide = and(
  isNull(spots.archivedAt),
  eq(spots.draft, 0),
  or(eq(spots.status, 'open'), sql`(${spots.status} = 'temporarily-closed' AND ${spots.closedUntil} < date('now', '-7 hours'))`),
)!;

export async function featuredSpots(): Promise<SpotView[]> {
  const db = await database();
  return db
    .select()
    .from(spots)
    .where(and(inGuide, eq(spots.featured, 1)))
    .orderBy(sql`${spots.featuredOrder} IS NULL`, asc(spots.featuredOrder), desc(spots.createdAt), asc(spots.id));
}

/**
 * The leaderboard: highest §9 score first, ties broken by the older spot, leaving out spots that
 * are not ranked now (out of season: src/lib/leaderboard-season.ts). Read in score order a batch
 * at a time until `limit` are found.
 */
export async function topSpots(limit: number, now = new Date()): Promise<SpotView[]> {
  const db = await database();
  const batch = Math.max(limit * 2, 20);
  const ranked: SpotView[] = [];
  for (let offset = 0; ranked.length < limit; offset += batch) {
    const rows = await db.select().from(spots).where(inGuide).orderBy(desc(spots.score), asc(spots.id)).limit(batch).offset(offset);
    ranked.push(...rows.filter((spot) => rankedNow(spot, now)));
    if (rows.length < batch) break;
  }
  return ranked.slice(0, limit);
}

const SORT_ORDER: Record<SpotSort, SQL[]> = {
  trending: [desc(spots.viewCount), asc(spots.id)],
  newest: [desc(spots.createdAt), desc(spots.id)],
  loved: [desc(spots.lovedCount), asc(spots.id)],
  score: [desc(spots.score), asc(spots.id)],
};

/** LIKE pattern for a literal substring: %, _ and the escape character match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function spotConditions(filters: SpotFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inGuide];
  if (filters.category) conditions.push(eq(spots.category, filters.category));
  for (const tag of filters.tags) conditions.push(sql`instr(${spots.tags}, ${JSON.stringify(tag)}) > 0`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const escaped = (column: typeof spots.name | typeof spots.description | typeof spots.tags) => sql`${like(column, pattern)} escape '\\'`;
    conditions.push(or(escaped(spots.name), escaped(spots.description), escaped(spots.tags)));
  }
  return and(...conditions);
}

/**
 * One page of the /spots listing and the total that matches. "Open now" is worked out from each
 * spot's hours in city time, so those listings are filtered after the query, then paged.
 */
export async function listSpots(filters: SpotFilters, now = new Date()): Promise<{ spots: SpotView[]; total: number; page: number; pageSize: number }> {
  const db = await database();
  const where = spotConditions(filters);
  const offset = (filters.page - 1) * SPOTS_PAGE_SIZE;
  if (filters.openNow) {
    const open = (
      await db
        .select()
        .from(spots)
        .where(and(where, isNotNull(spots.hours)))
        .orderBy(...SORT_ORDER[filters.sort])
    ).filter((spot) => isOpenAt(spot.hours!, now));
    return { spots: open.slice(offset, offset + SPOTS_PAGE_SIZE), total: open.length, page: filters.page, pageSize: SPOTS_PAGE_SIZE };
  }
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(spots)
      .where(where)
      .orderBy(...SORT_ORDER[filters.sort])
      .limit(SPOTS_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(spots).where(where),
  ]);
  return { spots: rows, total: totalRow?.n ?? 0, page: filters.page, pageSize: SPOTS_PAGE_SIZE };
}

/** What a map marker needs, for every spot that matches (no paging) and has a position; nothing premium. */
export async function spotMarkers(filters: SpotFilters, now = new Date()) {
  const db = await database();
  const rows = await db
    .select({
      id: spots.id,
      slug: spots.slug,
      name: spots.name,
      category: spots.category,
      neighbourhood: spots.neighbourhood,
      hook: spots.hook,
      priceLevel: spots.priceLevel,
      thumbnailUrl: spots.thumbnailUrl,
      latitude: spots.latitude,
      longitude: spots.longitude,
      hours: spots.hours,
    })
    .from(spots)
    .where(and(spotConditions(filters), isNotNull(spots.latitude), isNotNull(spots.longitude)))
    .orderBy(...SORT_ORDER[filters.sort]);
  return rows
    .filter((row) => !filters.openNow || (row.hours !== null && isOpenAt(row.hours, now)))
    .map(({ latitude, longitude, ...marker }) => ({ ...marker, latitude: latitude!, longitude: longitude! }));
}

/** A slug for a new spot: from its name, with `-2`, `-3`… when another spot has it. */
export async function freeSlug(name: string): Promise<string> {
  const db = await database();
  const base = slugFromName(name);
  const taken = new Set(
    (
      await db
        .select({ slug: spots.slug })
        .from(spots)
        .where(or(eq(spots.slug, base), like(spots.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Adds a spot from the admin form; it appears in listings (and featured, when flagged) at once.
 * The spot and its History entry are written in one atomic batch.
 */
export async function addSpot(input: NewSpotInput, actor: Actor = null): Promise<SpotView> {
  const { photoKey, ...fields } = input;
  const photo = photoKey ? await photoByKey(photoKey) : null;
  if (photoKey && !photo)
    throw new HttpError(400, 'The uploaded photo is not known. Upload it again.', { photoKey: 'The uploaded photo is not known. Upload it again.' });
  const image = photo ? { photo, imageUrl: photoMainUrl(photo), thumbnailUrl: fields.thumbnailUrl ?? photoUrlFor(photo, 480) } : { imageUrl: fields.imageUrl! };
  const db = await database();
  const slug = await freeSlug(input.name);
  const [[spot]] = await db.batch([
    db
      .insert(spots)
      .values({ ...fields, ...image, slug })
      .returning(),
    historyEntryIfChanged(db, actor, {
      kind: 'spot',
      subjectId: sql`last_insert_rowid()`,
      subjectLabel: input.name,
      event: 'added',
      after: { name: input.name, slug, category: input.category, featured: Boolean(input.featured) },
    }),
  ]);
  return spot!;
}

/**
 * One spot by its page address, archived or closed or not (its page answers 410 Gone when
 * archived); null when no published spot has that slug (a draft has no public page).
 */
export async function spotBySlug(slug: string): Promise<SpotView | null> {
  const db = await database();
  const [spot] = await db
    .select()
    .from(spots)
    .where(and(eq(spots.slug, slug), eq(spots.draft, 0)))
    .limit(1);
  return spot ?? null;
}

/** Every spot page's slug and when the spot last changed (an editor's change, else when it was added), for the sitemap. */
export async function allSpotSlugs(): Promise<{ slug: string; changedAt: Date }[]> {
  const db = await database();
  const rows = await db.select({ slug: spots.slug, createdAt: spots.createdAt, updatedAt: spots.updatedAt }).from(spots).where(inGuide).orderBy(asc(spots.id));
  return rows.map((row) => ({ slug: row.slug, changedAt: row.updatedAt ?? row.createdAt }));
}
