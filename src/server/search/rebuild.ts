import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * Each indexed table's document: the same expressions as the triggers of migrations search_index and search_story_text
 * (a test compares a rebuilt index with the one the triggers kept). Spots give only public text;
 * Stories their excerpt and plain text, never their HTML.
 */
const DOCUMENTS = [
  `SELECT id * 4 + 0, name, category || ' ' || coalesce(neighbourhood, '') || ' ' || tags, coalesce(hook, '') || ' ' || substr(description, 1, 90) FROM spots`,
  `SELECT id * 4 + 1, name, kind || ' ' || location || ' ' || tags || ' ' || price_range, highlight FROM places`,
  `SELECT id * 4 + 2, title, coalesce(event_type, '') || ' ' || coalesce(location, '') || ' ' || tags, coalesce(description, '') FROM events`,
  `SELECT id * 4 + 3, title, category || ' ' || tags, coalesce(excerpt, '') || ' ' || coalesce(plain_text, content) FROM blog_posts`,
];

/** Writes the whole index again from the tables, in one transaction, and tells caches the data changed. */
export async function rebuildSearchIndex(db: Database): Promise<number> {
  await db.batch([
    db.run(sql`DELETE FROM search_index`),
    ...DOCUMENTS.map((select) => db.run(sql.raw(`INSERT INTO search_index (rowid, name, tags, body) ${select}`))),
    db.run(sql`INSERT INTO search_index (search_index) VALUES ('optimize')`),
    db.run(sql`UPDATE data_generations SET generation = generation + 1`),
  ]);
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM search_index`);
  return row?.n ?? 0;
}
