import { eq, sql } from 'drizzle-orm';
import { spots, type Spot } from '../../db/schema';
import { database } from './db';

export interface Visitor {
  sessionId: string | null;
  userId: number | null;
}

/** The engagement row written for an existing spot only (0 rows for an unknown id). */
function engagementInsert(spotId: number, kind: 'view' | 'love' | 'visit', visitor: Visitor, onceOnly: boolean) {
  const verb = onceOnly ? sql.raw('INSERT OR IGNORE') : sql.raw('INSERT');
  return sql`${verb} INTO user_engagements (user_id, spot_id, session_id, engagement_type, created_at)
    SELECT ${visitor.userId}, id, ${visitor.sessionId}, ${kind}, ${Date.now()} FROM spots WHERE id = ${spotId}`;
}

/** Counts one view (atomically) and records it for the visitor; answers the whole spot. Null when it does not exist. */
export async function recordSpotView(spotId: number, visitor: Visitor): Promise<Spot | null> {
  const db = await database();
  const [updated] = await db.batch([
    db
      .update(spots)
      .set({ viewCount: sql`${spots.viewCount} + 1` })
      .where(eq(spots.id, spotId))
      .returning(),
    db.run(engagementInsert(spotId, 'view', visitor, false)),
  ]);
  return updated[0] ?? null;
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
 * kind, and the counter rises only when that row was new, all in one atomic batch.
 */
export async function recordSpotReaction(spotId: number, reaction: SpotReaction, visitor: Visitor): Promise<ReactionResult | null> {
  const db = await database();
  const counter = reaction === 'love' ? spots.lovedCount : spots.visitedCount;
  const field = reaction === 'love' ? 'lovedCount' : 'visitedCount';
  const [inserted, updated] = await db.batch([
    db.run(engagementInsert(spotId, reaction, visitor, true)),
    db
      .update(spots)
      // changes() is the row count of the insert just before, on the same connection.
      .set({ [field]: sql`${counter} + (changes() > 0)` })
      .where(eq(spots.id, spotId))
      .returning({ id: spots.id, lovedCount: spots.lovedCount, visitedCount: spots.visitedCount }),
  ]);
  const row = updated[0];
  return row ? { ...row, counted: inserted.rowsAffected > 0 } : null;
}
