import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { history, spots, type Spot } from '../../../db/schema';
import { fieldErrors } from '../../lib/validation';
import { photoMainUrl, photoUrlFor } from '../../lib/photo';
import { DraftSpotInput, SpotEditMeta, SpotFieldsInput, type SpotFields } from '../../lib/spot-edit';
import { missingForPublish, type SpotStatus } from '../../lib/spot-status';
import { changedFields, historyEntryIfChanged, type Actor } from '../admin/history';
import type { Database } from '../../../db/client';
import { database, writeAtomically } from '../db/database';
import { HttpError, parseInput } from '../http/responses';
import { photoByKey } from '../uploads/photos';
import { SPOT_NOT_FOUND } from './archive';
import { freeSlug } from './spots';

export const EDIT_CONFLICT = 'Someone else saved this spot after you opened it. Reload the page to see their changes, then make yours again.';

/** The version an editor opens and sends back with a change: the spot's last edit, in ms (0: never edited). */
export function spotVersion(spot: Pick<Spot, 'updatedAt'>): number {
  return spot.updatedAt?.getTime() ?? 0;
}

/** The editable fields of a spot as the edit schema reads them. */
function fieldsOf(spot: Spot): SpotFields {
  return {
    name: spot.name,
    category: spot.category,
    description: spot.description,
    imageUrl: spot.imageUrl || null,
    photoKey: null,
    mapsUrl: spot.mapsUrl || null,
    website: spot.website,
    featured: spot.featured ? 1 : 0,
    featuredOrder: spot.featuredOrder,
    tags: spot.tags as SpotFields['tags'],
    neighbourhood: spot.neighbourhood,
    address: spot.address,
    latitude: spot.latitude,
    longitude: spot.longitude,
    priceLevel: spot.priceLevel,
    hook: spot.hook,
    knowBefore: spot.knowBefore,
    insiderTip: spot.insiderTip,
    hours: spot.hours,
    noFixedHours: spot.noFixedHours ? 1 : 0,
    status: spot.status,
    closedUntil: spot.closedUntil,
    statusNote: spot.statusNote,
    movedToId: spot.movedToId,
    draft: spot.draft ? 1 : 0,
  };
}

/** What History records of a spot's columns (a photo by its key: its copies are not news). */
function recordOf(columns: Partial<Spot>): Record<string, unknown> {
  const { photo, updatedAt: _updated, ...rest } = columns;
  return {
    ...rest,
    ...(photo !== undefined && { photo: photo?.key ?? null }),
    ...(rest.verifiedAt !== undefined && { verifiedAt: rest.verifiedAt?.toISOString() ?? null }),
  };
}

/** One spot as the editor opens it: every column, its version, what publishing still needs, where it moved. */
export async function spotForEditor(id: number) {
  const db = await database();
  const [spot] = await db.select().from(spots).where(eq(spots.id, id));
  if (!spot) throw new HttpError(404, SPOT_NOT_FOUND);
  const [movedTo] = spot.movedToId ? await db.select({ id: spots.id, name: spots.name, slug: spots.slug }).from(spots).where(eq(spots.id, spot.movedToId)) : [];
  return { ...spot, version: spotVersion(spot), missing: missingForPublish(spot), movedTo: movedTo ?? null };
}

const STATUS_EVENTS: Record<SpotStatus, string> = {
  open: 'reopened',
  'temporarily-closed': 'marked temporarily closed',
  'permanently-closed': 'marked permanently closed',
  moved: 'marked moved',
};

/**
 * What a change made for another record (a reader's correction) adds: its own History event name,
 * and statements run in the same batch right after the spot's History entry (written only with it).
 */
export interface EditOptions {
  event?: string;
  alsoInBatch?: (db: Database) => ReturnType<Database['run']>[];
}

/**
 * Changes a spot (PATCH /api/admin/spots/{id}). `body` holds only the changed fields; they are laid
 * over the spot as it is and the whole result is checked. The update is guarded by the version the
 * editor opened, so a second editor saving over the first gets a 409 and nothing is written; the
 * change and its History entry (with the public change log line, when given) are one batch.
 */
export async function editSpot(actor: Actor, id: number, body: Record<string, unknown>, now = new Date(), options: EditOptions = {}) {
  const meta = parseInput(SpotEditMeta, { version: body.version, verified: body.verified, publicLine: body.publicLine }, 'body');
  const { version: _v, verified: _c, publicLine: _p, ...patch } = body;
  const db = await database();
  const [current] = await db.select().from(spots).where(eq(spots.id, id));
  if (!current) throw new HttpError(404, SPOT_NOT_FOUND);
  if (spotVersion(current) !== meta.version) throw new HttpError(409, EDIT_CONFLICT);
  const parsed = SpotFieldsInput.safeParse({ ...fieldsOf(current), ...patch });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new HttpError(400, Object.values(fields).join(' '), fields);
  }
  const next = await columnsFrom(parsed.data, current, id);
  if (meta.verified) next.verifiedAt = now;
  if (current.draft === 1 && next.draft === 0) {
    const missing = missingForPublish({ ...current, ...next });
    if (missing.length) throw new HttpError(400, `Before publishing: ${missing.join(' ')}`, { draft: missing.join(' ') });
  }
  const diff = changedFields(current as Record<string, unknown>, next as Record<string, unknown>);
  if (!diff) return { ...(await spotForEditor(id)), changed: false };
  const changes = diff.after as Partial<Spot>;
  const event =
    options.event ??
    (changes.draft === 0
      ? 'published'
      : changes.status !== undefined
        ? STATUS_EVENTS[changes.status]
        : Object.keys(changes).length === 1 && changes.verifiedAt
          ? 'checked'
          : 'edited');
  const updatedAt = new Date(Math.max(now.getTime(), meta.version + 1));
  await writeAtomically(() =>
    db.batch([
      db
        .update(spots)
        .set({ ...changes, updatedAt })
        .where(and(eq(spots.id, id), sql`coalesce(${spots.updatedAt}, 0) = ${meta.version}`)),
      historyEntryIfChanged(
        db,
        actor,
        {
          kind: 'spot',
          subjectId: id,
          subjectLabel: next.name ?? current.name,
          event,
          before: recordOf(diff.before as Partial<Spot>),
          after: recordOf(changes),
          publicLine: meta.publicLine,
        },
        now,
      ),
      ...(options.alsoInBatch?.(db) ?? []),
    ]),
  ).then(([update]) => {
    if (update.rowsAffected === 0) throw new HttpError(409, EDIT_CONFLICT);
  });
  return { ...(await spotForEditor(id)), changed: true };
}

/** The columns an edit writes, from the checked fields (a new photo, an image link or the illustration). */
async function columnsFrom(fields: SpotFields, current: Spot, id: number): Promise<Partial<Spot>> {
  const { photoKey, imageUrl, mapsUrl, ...rest } = fields;
  const columns: Partial<Spot> = {
    ...rest,
    mapsUrl: mapsUrl ?? '',
    closedUntil: rest.status === 'temporarily-closed' ? rest.closedUntil : null,
    movedToId: rest.status === 'moved' ? rest.movedToId : null,
    statusNote: rest.status === 'open' ? null : rest.statusNote,
  };
  if (photoKey) {
    const photo = await photoByKey(photoKey);
    if (!photo) throw new HttpError(400, 'The uploaded photo is not known. Upload it again.', { photoKey: 'The uploaded photo is not known. Upload it again.' });
    Object.assign(columns, { photo, imageUrl: photoMainUrl(photo), thumbnailUrl: photoUrlFor(photo, 480) });
  } else if (imageUrl !== (current.imageUrl || null)) {
    Object.assign(columns, { photo: null, imageUrl: imageUrl ?? '', thumbnailUrl: null });
  }
  if (columns.movedToId != null) {
    const db = await database();
    const [target] = await db.select({ id: spots.id, archivedAt: spots.archivedAt, draft: spots.draft }).from(spots).where(eq(spots.id, columns.movedToId));
    const problem =
      columns.movedToId === id ? 'A spot cannot move to itself.' : !target || target.archivedAt || target.draft ? 'Choose a spot in the guide it moved to.' : null;
    if (problem) throw new HttpError(400, problem, { movedToId: problem });
  }
  return columns;
}

/** A new spot saved as a draft (POST /api/admin/spots): a name and a category, the rest filled in later. */
export async function addDraftSpot(actor: Actor, input: unknown) {
  const parsed = DraftSpotInput.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new HttpError(400, Object.values(fields).join(' '), fields);
  }
  const { name, category } = parsed.data;
  const db = await database();
  const slug = await freeSlug(name);
  const [[spot]] = await writeAtomically(() =>
    db.batch([
      db.insert(spots).values({ name, category, slug, description: '', imageUrl: '', mapsUrl: '', draft: 1 }).returning({ id: spots.id }),
      historyEntryIfChanged(db, actor, {
        kind: 'spot',
        subjectId: sql`last_insert_rowid()`,
        subjectLabel: name,
        event: 'added as a draft',
        after: { name, slug, category, draft: 1 },
      }),
    ]),
  );
  return spotForEditor(spot!.id);
}

/** A spot page's public change log: the History entries an editor chose to show, newest first. */
export async function publicChangeLog(spotId: number, limit = 10): Promise<{ at: Date; line: string }[]> {
  const db = await database();
  const rows = await db
    .select({ at: history.at, line: history.publicLine })
    .from(history)
    .where(and(eq(history.kind, 'spot'), eq(history.subjectId, String(spotId)), isNotNull(history.publicLine)))
    .orderBy(desc(history.at), desc(history.id))
    .limit(limit);
  return rows.map((row) => ({ at: row.at, line: row.line! }));
}

/** The latest History entries of one spot, for its editor page. */
export async function spotHistory(spotId: number, limit = 8) {
  const db = await database();
  return db
    .select({ id: history.id, at: history.at, actorName: history.actorName, event: history.event, publicLine: history.publicLine })
    .from(history)
    .where(and(eq(history.kind, 'spot'), eq(history.subjectId, String(spotId))))
    .orderBy(desc(history.id))
    .limit(limit);
}

/** The spots a closed one can have moved to: published, in the guide, by name. */
export async function moveTargets(exceptId: number) {
  const db = await database();
  return db
    .select({ id: spots.id, name: spots.name })
    .from(spots)
    .where(and(isNull(spots.archivedAt), eq(spots.draft, 0), ne(spots.id, exceptId)))
    .orderBy(asc(spots.name));
}
