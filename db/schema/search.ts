import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Searches that found nothing, for editors (what readers look for and the guide lacks): only the
 * normalised query text and how often, never who asked or from where.
 */
export const searchMisses = sqliteTable(
  'search_misses',
  {
    query: text('query').primaryKey(),
    count: integer('count').notNull().default(1),
    firstAt: integer('first_at', { mode: 'timestamp_ms' }).notNull(),
    lastAt: integer('last_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('search_misses_count_idx').on(t.count, t.lastAt)],
);

export type SearchMiss = typeof searchMisses.$inferSelect;
