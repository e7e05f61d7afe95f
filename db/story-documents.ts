import { isNull, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { blogPosts } from './schema';
import { htmlText } from '../src/lib/story-document/from-html';
import { storedBodyFromMarkup } from '../src/lib/story-document/stored-body';

/**
 * Converts every Story still stored as light markup into the editor's document, the HTML rendered
 * from it and that HTML's plain text (what search indexes), and gives Stories converted before
 * plain text existed their plain text. Runs at start-up, after the migrations, because the conversion needs the HTML
 * parser (SQL cannot do it). It touches only rows without a document, each guarded by that same
 * condition, so running it twice, or on two instances at once, converts each Story once.
 * `updated_at` and `version` are left alone: the text readers see does not change.
 */
export async function convertStoryBodies(db: Database): Promise<number> {
  const rows = await db
    .select({ id: blogPosts.id, content: blogPosts.content, converted: sql<number>`${blogPosts.doc} IS NOT NULL` })
    .from(blogPosts)
    .where(or(isNull(blogPosts.doc), isNull(blogPosts.plainText)));
  let converted = 0;
  for (const row of rows) {
    if (row.converted) {
      // Converted before search read plain text: its HTML stays, its words are written once.
      await db.run(sql`UPDATE blog_posts SET plain_text = ${htmlText(row.content)} WHERE id = ${row.id} AND plain_text IS NULL AND content = ${row.content}`);
      continue;
    }
    const { doc, content, plainText } = storedBodyFromMarkup(row.content);
    const result = await db.run(
      sql`UPDATE blog_posts SET doc = ${JSON.stringify(doc)}, content = ${content}, plain_text = ${plainText} WHERE id = ${row.id} AND doc IS NULL`,
    );
    converted += result.rowsAffected;
  }
  return converted;
}
