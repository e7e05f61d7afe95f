import { and, asc, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import { places, spots } from '../../../db/schema';
import { sameSpot, type NewPlace, type PlaceChange } from '../../lib/place-input';
import type { PlaceKind } from '../../lib/catalog';
import { changedFields, historyEntryIfChanged, type Actor } from '../admin/history';
import { database, writeAtomically } from '../db/database';
import { deskSearchCondition } from '../search/desk';
import { HttpError } from '../http/responses';

export const PLACE_NOT_FOUND = 'Place not found';

/** What the desk shows, edits and exports of a place. */
export const deskColumns = {
  id: places.id,
  kind: places.kind,
  name: places.name,
  rating: places.rating,
  location: places.location,
  tags: places.tags,
  link: places.link,
  image: places.image,
  priceRange: places.priceRange,
  openingStatus: places.openingStatus,
  reviewCount: places.reviewCount,
  highlight: places.highlight,
  reservationUrl: places.reservationUrl,
  latitude: places.latitude,
  longitude: places.longitude,
  spotId: places.spotId,
  spotSlug: spots.slug,
  archivedAt: places.archivedAt,
};
export type DeskPlace = Awaited<ReturnType<typeof placeForDesk>>;

/**
 * The desk's list: restaurants then activities, by name, with the guide's search (typos, prefixes,
 * synonyms) plus a plain match on name, area and tags.
 */
export async function placesForDesk(filters: { q?: string; kind?: PlaceKind; show: 'listed' | 'archived' | 'all' }) {
  const db = await database();
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = filters.q ? await deskSearchCondition(filters.q, 'place', places.id) : null;
  const where = and(
    filters.kind ? eq(places.kind, filters.kind) : undefined,
    filters.show === 'listed' ? isNull(places.archivedAt) : filters.show === 'archived' ? isNotNull(places.archivedAt) : undefined,
    pattern
      ? or(
          found ?? undefined,
          sql`${like(places.name, pattern)} escape '\\'`,
          sql`${like(places.location, pattern)} escape '\\'`,
          sql`${like(places.tags, pattern)} escape '\\'`,
        )
      : undefined,
  );
  const rows = await db
    .select(deskColumns)
    .from(places)
    .leftJoin(spots, eq(spots.id, places.spotId))
    .where(where)
    .orderBy(asc(places.kind), asc(places.name), asc(places.id));
  return { places: rows, total: rows.length };
}

export async function placeForDesk(id: number) {
  const db = await database();
  const [place] = await db.select(deskColumns).from(places).leftJoin(spots, eq(spots.id, places.spotId)).where(eq(places.id, id));
  if (!place) throw new HttpError(404, PLACE_NOT_FOUND);
  return place;
}

/** Spots by page address, for linking places to them. */
export async function spotIdsBySlug(slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const db = await database();
  const rows = await db
    .select({ id: spots.id, slug: spots.slug })
    .from(spots)
    .where(inArray(spots.slug, [...new Set(slugs)]));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Every spot in the guide with its name and position, to find the spot a new place already is. */
export async function spotsToMatch() {
  const db = await database();
  return db
    .select({ id: spots.id, slug: spots.slug, name: spots.name, latitude: spots.latitude, longitude: spots.longitude })
    .from(spots)
    .where(isNull(spots.archivedAt));
}

const unknownSpot = (slug: string) => new HttpError(400, `No spot has the address /spots/${slug}.`, { spotSlug: `No spot has the address /spots/${slug}.` });

/**
 * Adds a place. Without a spot named, it is linked to the spot it already is (same name, or a near
 * name close by), so it stays one record; the place and its History entry are one batch.
 */
export async function addPlace(actor: Actor, input: NewPlace, now = new Date()) {
  const { spotSlug, ...fields } = input;
  let spotId: number | null = null;
  if (spotSlug) spotId = (await spotIdsBySlug([spotSlug])).get(spotSlug) ?? null;
  if (spotSlug && spotId === null) throw unknownSpot(spotSlug);
  if (spotSlug === undefined) spotId = sameSpot(fields, await spotsToMatch())?.id ?? null;
  const db = await database();
  const [[added]] = await writeAtomically(() =>
    db.batch([
      db
        .insert(places)
        .values({ ...fields, spotId, reservationAvailable: fields.reservationUrl !== null, createdAt: now, updatedAt: now })
        .returning({ id: places.id }),
      historyEntryIfChanged(
        db,
        actor,
        { kind: 'place', subjectId: sql`last_insert_rowid()`, subjectLabel: fields.name, event: 'added', after: { ...fields, spotId } },
        now,
      ),
    ]),
  );
  return placeForDesk(added!.id);
}

/** The columns a change writes: a spot named by its address becomes its id. */
export async function placeUpdate(change: PlaceChange) {
  const { spotSlug, ...fields } = change;
  const update: Record<string, unknown> = { ...fields };
  if (spotSlug !== undefined) {
    const spotId = spotSlug === null ? null : ((await spotIdsBySlug([spotSlug])).get(spotSlug) ?? null);
    if (spotSlug !== null && spotId === null) throw unknownSpot(spotSlug);
    update.spotId = spotId;
  }
  if (fields.reservationUrl !== undefined) update.reservationAvailable = fields.reservationUrl !== null;
  return update;
}

/** Edits a place; the fields that changed go to History, in the same batch. */
export async function editPlace(actor: Actor, id: number, change: PlaceChange, now = new Date()) {
  const current = await placeForDesk(id);
  const update = await placeUpdate(change);
  const { reservationAvailable: _derived, ...compared } = update;
  const diff = changedFields(current as Record<string, unknown>, compared);
  if (!diff) return current;
  const db = await database();
  await writeAtomically(() =>
    db.batch([
      db
        .update(places)
        .set({ ...update, updatedAt: now })
        .where(eq(places.id, id)),
      historyEntryIfChanged(
        db,
        actor,
        { kind: 'place', subjectId: id, subjectLabel: (change.name ?? current.name) as string, event: 'edited', before: diff.before, after: diff.after },
        now,
      ),
    ]),
  );
  return placeForDesk(id);
}

/** Archives a place (it leaves the lists; nothing is deleted) or restores it, with its History entry. */
export async function setPlaceArchived(actor: Actor, id: number, archived: boolean, now = new Date()) {
  const current = await placeForDesk(id);
  const archivedAt = archived ? now : null;
  const db = await database();
  const [updated] = await writeAtomically(() =>
    db.batch([
      db
        .update(places)
        .set({ archivedAt, updatedAt: now })
        .where(and(eq(places.id, id), archived ? isNull(places.archivedAt) : isNotNull(places.archivedAt)))
        .returning({ id: places.id }),
      historyEntryIfChanged(
        db,
        actor,
        {
          kind: 'place',
          subjectId: id,
          subjectLabel: current.name,
          event: archived ? 'archived' : 'restored',
          before: { archivedAt: current.archivedAt?.toISOString() ?? null },
          after: { archivedAt: archivedAt?.toISOString() ?? null },
        },
        now,
      ),
    ]),
  );
  if (!updated[0]) throw new HttpError(409, archived ? 'This place is already archived.' : 'This place is not archived.');
  return placeForDesk(id);
}
