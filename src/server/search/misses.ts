import { desc, sql } from 'drizzle-orm';
import { searchMisses } from '../../../db/schema';
import { database } from '../db/database';

/** How many different missed queries are kept: past it the rarest, oldest ones go. */
export const MISSES_KEPT = 2000;
/** Longer queries are not counted: what editors learn from is short, and it bounds each row. */
const MISS_MAX_LENGTH = 60;

/**
 * Counts a search that found nothing, under its normalised text only (no visitor, address or
 * time of day beyond the last day it was asked), in one statement so concurrent misses add up.
 */
export async function recordMiss(query: string, now = new Date()): Promise<void> {
  if (query.length > MISS_MAX_LENGTH) return;
  const db = await database();
  const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  await db
    .insert(searchMisses)
    .values({ query, count: 1, firstAt: day, lastAt: day })
    .onConflictDoUpdate({ target: searchMisses.query, set: { count: sql`${searchMisses.count} + 1`, lastAt: day } });
  if (Math.random() < 0.02) {
    await db.run(sql`DELETE FROM search_misses WHERE query IN (SELECT query FROM search_misses ORDER BY count DESC, last_at DESC LIMIT -1 OFFSET ${MISSES_KEPT})`);
  }
}

/** The missed queries, most asked first. */
export async function topMisses(limit = 200) {
  const db = await database();
  return db.select().from(searchMisses).orderBy(desc(searchMisses.count), desc(searchMisses.lastAt), searchMisses.query).limit(limit);
}
