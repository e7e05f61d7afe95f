import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { savedSpots, spots } from '../../../db/schema';
import { SAVED_MAX } from '../../lib/saved-spots';
import { database } from '../db/database';
import { writeInGroup, type WriteStatements } from '../db/grouped-writes';
import type { RequestVisitor } from '../subscriptions/subscriber';
import { entitledToPremium, spotsAsSeen } from './paywall';
import type { SpotView } from './spots';

/** A user's saved spots, the latest saved first; closed ones stay (the list marks them), archived ones and drafts do not. */
export async function savedSpotsOf(userId: number): Promise<SpotView[]> {
  const db = await database();
  const rows = await db
    .select({ spot: spots })
    .from(savedSpots)
    .innerJoin(spots, eq(spots.id, savedSpots.spotId))
    .where(and(eq(savedSpots.userId, userId), isNull(spots.archivedAt), eq(spots.draft, 0)))
    .orderBy(desc(savedSpots.createdAt), desc(savedSpots.spotId))
    .limit(SAVED_MAX);
  return rows.map((row) => row.spot);
}

/** Spots by id in the order given (a browser's own list, for a visitor who is not signed in); unknown ids are left out. */
export async function spotsByIds(ids: readonly number[]): Promise<SpotView[]> {
  if (ids.length === 0) return [];
  const db = await database();
  const rows = await db
    .select()
    .from(spots)
    .where(and(inArray(spots.id, [...ids]), isNull(spots.archivedAt), eq(spots.draft, 0)));
  const byId = new Map(rows.map((spot) => [spot.id, spot]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Saves spots for a user. Saving one twice changes nothing, ids of spots that do not exist are
 * skipped, and a list never grows past SAVED_MAX. Answers the saved ids, latest first, as read in
 * the same transaction as the write.
 */
export async function saveSpots(userId: number, ids: readonly number[]): Promise<number[]> {
  const db = await database();
  const now = Date.now();
  // Later ids in the request count as saved later, so a merged browser list keeps its order.
  const inserts = ids.map((id, index) =>
    db.run(sql`INSERT OR IGNORE INTO saved_spots (user_id, spot_id, created_at)
      SELECT ${userId}, id, ${now + index} FROM spots
      WHERE id = ${id} AND (SELECT count(*) FROM saved_spots WHERE user_id = ${userId}) < ${SAVED_MAX}`),
  );
  // The list is read after the inserts, in their transaction (validation asks for at least one id).
  const results = await writeInGroup([...inserts, savedIdsQuery(db, userId)] as unknown as WriteStatements, { inTurn: false });
  return (results.at(-1) as { id: number }[]).map((row) => row.id);
}

export async function unsaveSpot(userId: number, spotId: number): Promise<number[]> {
  const db = await database();
  const [, saved] = await writeInGroup([db.delete(savedSpots).where(and(eq(savedSpots.userId, userId), eq(savedSpots.spotId, spotId))), savedIdsQuery(db, userId)], {
    inTurn: false,
  });
  return saved.map((row) => row.id);
}

function savedIdsQuery(db: Database, userId: number) {
  return db.select({ id: savedSpots.spotId }).from(savedSpots).where(eq(savedSpots.userId, userId)).orderBy(desc(savedSpots.createdAt), desc(savedSpots.spotId));
}

/**
 * GET /api/saved: a signed-in user's list, or the spots of a browser's own ids for anyone else,
 * as this visitor may see them (a locked visitor: names and pictures, never premium fields).
 */
export async function savedListFor(visitor: RequestVisitor, browserIds: readonly number[]) {
  const user = visitor.locals.user;
  const [found, entitled] = await Promise.all([user ? savedSpotsOf(user.id) : spotsByIds(browserIds), entitledToPremium(visitor)]);
  return { signedIn: user !== null, spots: spotsAsSeen(entitled, found) };
}
