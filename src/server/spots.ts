import { desc, asc, eq } from 'drizzle-orm';
import { spots, type Spot } from '../../db/schema';
import { database } from './db';

/** A spot as the API sends it; `score` is the §9 leaderboard score. */
export type SpotView = Spot;

export async function featuredSpots(): Promise<SpotView[]> {
  const db = await database();
  return db.select().from(spots).where(eq(spots.featured, 1)).orderBy(desc(spots.createdAt), asc(spots.id));
}

/** The leaderboard: highest §9 score first, ties broken by the older spot. */
export async function topSpots(limit: number): Promise<SpotView[]> {
  const db = await database();
  return db.select().from(spots).orderBy(desc(spots.score), asc(spots.id)).limit(limit);
}
