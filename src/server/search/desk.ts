import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ftsExpression, parseQuery } from '../../lib/search-query';
import { KIND_CODE } from './hits';
import { withCorrections } from './search';

/**
 * The back office's search box on a desk's list (spots, places, events): the same index, spelling
 * pass and synonyms as the guide's search, for one kind of row. The index holds every row, drafts,
 * archived and hidden ones too (what is public is decided when reading), and a desk shows staff
 * everything, so no public rule applies here; the desk's own filters do. A spot's document is its
 * public part only (the teaser), so words past it find a spot here no more than in the guide.
 * Returns a condition on the desk's id column, or null when the text has no word to look for.
 */
export async function deskSearchCondition(text: string, kind: Exclude<keyof typeof KIND_CODE, 'story'>, id: SQLWrapper): Promise<SQL | null> {
  const parsed = parseQuery(text);
  if (!parsed.groups.length) return null;
  // Every word not in the index is also tried as its indexed words one edit away ("tako" → "taco").
  const { groups } = await withCorrections(parsed.groups);
  return sql`${id} IN (SELECT rowid >> 2 FROM search_index WHERE search_index MATCH ${ftsExpression(groups)} AND (rowid & 3) = ${KIND_CODE[kind]})`;
}
