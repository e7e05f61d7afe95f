import { isNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { blogPosts } from './schema';
import { storedBodyFromMarkup } from '../src/lib/story-document/stored-body';

/**
 * Converts every Story still stored as light markup into the editor's document and the HTML
 * rendered from it. Runs at start-up, after the migrations, because the conversion needs the HTML
 * parser (SQL cannot do it). It touches only rows without a document, each guarded by that same
 * condition, so running it twice, or on two instances at once, converts each Story once.
 * `updated_at` and `version` are left alone: the text readers see does not change.
 */
export async function convertStoryBodies(db: Database): Promise<number> {
  const rows = await db.select({ id: blogPosts.id, content: blogPosts.content }).from(blogPosts).where(isNull(blogPosts.doc));
  let converted = 0;
  for (const row of rows) {
    const { doc, content } = storedBodyFromMarkup(row.content);
    const result = await db.run(sql`UPDATE blog_posts SET doc = ${JSON.stringify(doc)}, content = ${content} WHERE id = ${row.id} AND doc IS NULL`);
    converted += result.rowsAffected;
  }
  return converted;
}
