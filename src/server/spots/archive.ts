import { and, desc, eq, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import { spots } from '../../../db/schema';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { database, writeAtomically } from '../db/database';
import { HttpError } from '../http/responses';

export const SPOT_NOT_FOUND = 'Spot not found';

/**
 * Archives a spot (soft delete): it leaves every list and read, its page answers 410 Gone, and its
 * loves, visits, views and saves are kept for a restore. The change and its History entry are one
 * atomic batch; the update is guarded, so a second archive changes nothing and writes no entry.
 */
export async function archiveSpot(actor: Actor, id: number, now = new Date()) {
  return setArchived(actor, id, now);
}

/** Brings an archived spot back to every list and read, with its History entry. */
export async function restoreSpot(actor: Actor, id: number, now = new Date()) {
  return setArchived(actor, id, null, now);
}

async function setArchived(actor: Actor, id: number, archivedAt: Date | null, now = archivedAt ?? new Date()) {
  const db = await database();
  const archiving = archivedAt !== null;
  const [current] = await db.select({ name: spots.name, archivedAt: spots.archivedAt }).from(spots).where(eq(spots.id, id));
  if (!current) throw new HttpError(404, SPOT_NOT_FOUND);
  const [updated] = await writeAtomically(() =>
    db.batch([
      db
        .update(spots)
        .set({ archivedAt, updatedAt: now })
        .where(and(eq(spots.id, id), archiving ? isNull(spots.archivedAt) : isNotNull(spots.archivedAt)))
        .returning({ id: spots.id, slug: spots.slug, name: spots.name, archivedAt: spots.archivedAt }),
      historyEntryIfChanged(
        db,
        actor,
        {
          kind: 'spot',
          subjectId: id,
          subjectLabel: current.name,
          event: archiving ? 'archived' : 'restored',
          before: { archivedAt: current.archivedAt?.toISOString() ?? null },
          after: { archivedAt: archivedAt?.toISOString() ?? null },
        },
        now,
      ),
    ]),
  );
  const spot = updated[0];
  if (!spot) throw new HttpError(409, archiving ? 'This spot is already archived.' : 'This spot is not archived.');
  return { ...spot, archived: spot.archivedAt !== null };
}

/** The back office's list of spots: newest first, archived ones too (marked), with a name search. */
export async function spotsForAdmin(filters: { q?: string; show: 'all' | 'in-guide' | 'archived' }, limit = 100) {
  const db = await database();
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    filters.show === 'archived' ? isNotNull(spots.archivedAt) : filters.show === 'in-guide' ? isNull(spots.archivedAt) : undefined,
    pattern ? or(sql`${like(spots.name, pattern)} escape '\\'`, sql`${like(spots.slug, pattern)} escape '\\'`) : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: spots.id,
        slug: spots.slug,
        name: spots.name,
        category: spots.category,
        neighbourhood: spots.neighbourhood,
        createdAt: spots.createdAt,
        archivedAt: spots.archivedAt,
      })
      .from(spots)
      .where(where)
      .orderBy(desc(spots.createdAt), desc(spots.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)`, archived: sql<number>`count(${spots.archivedAt})` })
      .from(spots)
      .where(where),
  ]);
  return { spots: rows, total: counts?.total ?? 0, archived: counts?.archived ?? 0 };
}
