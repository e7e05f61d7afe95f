import { sql } from 'drizzle-orm';
import { database } from '../db/database';
import { inGuide } from '../spots/spots';

/** The neighbourhoods spots in the guide are in, for the search page's filter. */
export async function searchNeighbourhoods(): Promise<string[]> {
  const db = await database();
  const rows = await db.all<{ n: string }>(
    sql`SELECT DISTINCT neighbourhood AS n FROM spots WHERE neighbourhood IS NOT NULL AND neighbourhood <> '' AND ${inGuide} ORDER BY neighbourhood`,
  );
  return rows.map((r) => r.n);
}
