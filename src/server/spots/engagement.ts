import { and, eq, isNull, sql } from 'drizzle-orm';
import { spots, type Spot } from '../../../db/schema';
import { FREE_SPOT_VIEWS } from '../../lib/constants';
import { cityDateTime, cityDayStart } from '../../lib/city-time';
import { database } from '../db/database';
import { writeInGroup } from '../db/grouped-writes';
import { HttpError } from '../http/responses';

export const SPOT_CLOSED_FOR_REACTIONS = 'This spot is closed, so loves, visits and views are not counted for it.';

/** A spot readers can react to: published and open (a temporary closure whose last day has passed is open again). */
const reactable = sql`draft = 0 AND (status = 'open' OR (status = 'temporarily-closed' AND closed_until < date('now', '-7 hours')))`;

interface ReactableState {
  archived: number;
  draft: number;
  reactable: number;
}

const reactableState = (spotId: number) => sql`SELECT archived_at IS NOT NULL AS archived, draft, (${reactable}) AS reactable FROM spots WHERE id = ${spotId}`;

/** An unknown spot, a draft (it has no public page) or an archived one is a 404, a closed one a 409. */
function refuseUnless(row: ReactableState | undefined): void {
  if (!row || Number(row.archived) || Number(row.draft)) throw new HttpError(404, 'Spot not found');
  if (!Number(row.reactable)) throw new HttpError(409, SPOT_CLOSED_FOR_REACTIONS);
}

/**
 * Refuses a love, visit or view by spot id that could not count (see `refuseUnless`). The writes
 * check the same again, so a spot closed meanwhile gets nothing written either.
 */
export async function refuseUnreactable(spotId: number): Promise<void> {
  const db = await database();
  const [row] = await db.all<ReactableState>(reactableState(spotId));
  refuseUnless(row);
}

export interface Visitor {
  sessionId: string | null;
  userId: number | null;
}

/**
 * A love or visit row, written for an existing spot only (0 rows for an unknown id) and once per
 * visitor: once per session (a unique index), and for a signed-in user once across all their
 * devices.
 */
function engagementInsert(spotId: number, kind: SpotReaction, visitor: Visitor) {
  const byUser =
    visitor.userId === null
      ? sql`0`
      : sql`EXISTS (SELECT 1 FROM user_engagements WHERE user_id = ${visitor.userId} AND spot_id = ${spotId} AND engagement_type = ${kind})`;
  return sql`INSERT OR IGNORE INTO user_engagements (user_id, spot_id, session_id, engagement_type, created_at)
    SELECT ${visitor.userId}, id, ${visitor.sessionId}, ${kind}, ${Date.now()} FROM spots WHERE id = ${spotId} AND archived_at IS NULL AND ${reactable} AND NOT ${byUser}`;
}

/**
 * The free-view meter: how many different spots this visitor session has opened. Opening one
 * again (today or any later day) never uses another free view.
 */
export function spotsOpenedBy(sessionId: string | null) {
  return sql`(SELECT count(DISTINCT spot_id) FROM user_engagements WHERE session_id = ${sessionId} AND engagement_type = 'view')`;
}

/** The city day (America/Phoenix) that contains `at`, as [start, end) in UTC milliseconds. */
function cityDayWindow(at: Date): [number, number] {
  const start = cityDayStart(at);
  return [start.getTime(), cityDateTime(start, 1, '00:00').getTime()];
}

export type ViewOutcome =
  | { kind: 'counted'; spot: Spot }
  /** This visitor already opened the spot today: shown again, counted once. */
  | { kind: 'already-counted-today'; spot: Spot }
  | { kind: 'over-free-limit' }
  | { kind: 'not-found' };

/**
 * Opens a spot's details for the visitor, judged and written as one atomic unit so parallel
 * requests cannot slip past the meter: the view row is inserted only when the spot exists, this
 * visitor has no view of it yet today (city day), and the visitor is unmetered, has opened this
 * spot before, or has opened fewer than FREE_SPOT_VIEWS spots. The spot's viewCount rises only when
 * that row was new, so one visitor adds at most one view per spot per day.
 */
export async function recordSpotView(spotId: number, visitor: Visitor, unmetered: boolean): Promise<ViewOutcome> {
  const db = await database();
  const now = new Date();
  const [dayStart, dayEnd] = cityDayWindow(now);
  const sessionId = visitor.sessionId;
  const viewsOfThisSpot = sql`FROM user_engagements WHERE session_id = ${sessionId} AND spot_id = ${spotId} AND engagement_type = 'view'`;
  const [inserted, updated, seenToday] = await writeInGroup([
    db.run(sql`INSERT INTO user_engagements (user_id, spot_id, session_id, engagement_type, created_at)
      SELECT ${visitor.userId}, id, ${sessionId}, 'view', ${now.getTime()} FROM spots
      WHERE id = ${spotId} AND archived_at IS NULL
        AND NOT EXISTS (SELECT 1 ${viewsOfThisSpot} AND created_at >= ${dayStart} AND created_at < ${dayEnd})
        AND (${unmetered ? 1 : 0} OR EXISTS (SELECT 1 ${viewsOfThisSpot}) OR ${spotsOpenedBy(sessionId)} < ${FREE_SPOT_VIEWS})`),
    db
      .update(spots)
      // changes() is the row count of the insert just before, on the same connection.
      .set({ viewCount: sql`${spots.viewCount} + (changes() > 0)` })
      .where(and(eq(spots.id, spotId), isNull(spots.archivedAt)))
      .returning(),
    db.all<{ seen: number }>(sql`SELECT EXISTS (SELECT 1 ${viewsOfThisSpot} AND created_at >= ${dayStart} AND created_at < ${dayEnd}) AS seen`),
  ]);
  const spot = updated[0];
  if (!spot) return { kind: 'not-found' };
  if (inserted.rowsAffected > 0) return { kind: 'counted', spot };
  return seenToday[0]?.seen ? { kind: 'already-counted-today', spot } : { kind: 'over-free-limit' };
}

export type SpotReaction = 'love' | 'visit';

export interface ReactionResult {
  id: number;
  lovedCount: number;
  visitedCount: number;
  /** False when this visitor had already done it: one-way, nothing changed. */
  counted: boolean;
}

/**
 * Love or Been-here: one-way per visitor. The engagement row is unique per session, spot and
 * kind, and the counter rises only when that row was new, all as one atomic unit. A spot that
 * cannot take it is refused as `refuseUnreactable` does.
 */
export async function recordSpotReaction(spotId: number, reaction: SpotReaction, visitor: Visitor): Promise<ReactionResult | null> {
  const db = await database();
  const counter = reaction === 'love' ? spots.lovedCount : spots.visitedCount;
  const field = reaction === 'love' ? 'lovedCount' : 'visitedCount';
  // The spot is judged in the write's own transaction: no round trip of its own before it, and
  // the insert and update below are guarded by the same conditions, so a refused one writes nothing.
  const [state, inserted, updated] = await writeInGroup([
    db.all<ReactableState>(reactableState(spotId)),
    db.run(engagementInsert(spotId, reaction, visitor)),
    db
      .update(spots)
      // changes() is the row count of the insert just before, on the same connection.
      .set({ [field]: sql`${counter} + (changes() > 0)` })
      .where(and(eq(spots.id, spotId), isNull(spots.archivedAt), reactable))
      .returning({ id: spots.id, lovedCount: spots.lovedCount, visitedCount: spots.visitedCount }),
  ]);
  refuseUnless(state[0]);
  const row = updated[0];
  return row ? { ...row, counted: inserted.rowsAffected > 0 } : null;
}
