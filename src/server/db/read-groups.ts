import type { PUBLIC_CONTENT_TABLES, SEARCH_INDEX_TABLES } from '../../../db/schema';

/**
 * Which generations (rows of `data_generations`, raised by triggers) a read of each public table
 * depends on. A kept response records the groups of every table its statements named, and is stale
 * only when one of them changed. The type makes the map complete: a table added to
 * PUBLIC_CONTENT_TABLES or the search index without a group does not compile (and a test says so).
 */
export const TABLE_GROUPS: Record<(typeof PUBLIC_CONTENT_TABLES)[number] | (typeof SEARCH_INDEX_TABLES)[number], readonly string[]> = {
  spots: ['spots'],
  events: ['events'],
  blog_posts: ['blog_posts'],
  story_redirects: ['story_redirects'],
  places: ['places'],
  user_suggestions: ['user_suggestions'],
  uploads: ['uploads'],
  // Loves, visits and views: the engagement rows and the counters of spots change together.
  user_engagements: ['counters'],
  // The search index is written by the triggers of the tables it indexes, in the same statement.
  search_index: ['spots', 'places', 'events', 'blog_posts'],
  search_index_data: ['spots', 'places', 'events', 'blog_posts'],
  search_index_idx: ['spots', 'places', 'events', 'blog_posts'],
  search_index_content: ['spots', 'places', 'events', 'blog_posts'],
  search_index_docsize: ['spots', 'places', 'events', 'blog_posts'],
  search_index_config: ['spots', 'places', 'events', 'blog_posts'],
  search_terms: ['spots', 'places', 'events', 'blog_posts'],
};

/** The engagement counters' group: a kept response that read them may show them stale for a bounded time. */
export const COUNTERS_GROUP = 'counters';

/** Every group, as the rows of `data_generations`. */
export const GENERATION_GROUPS = [...new Set(Object.values(TABLE_GROUPS).flat())];

const TABLE_NAMES = new RegExp(`\\b(${Object.keys(TABLE_GROUPS).join('|')})\\b`, 'gi');
/**
 * A read of spots that names a counter column, the score made from them, or every column (`*`, but
 * not `count(*)`) read the counters too. Reading too much is harmless (an extra render); too little
 * would keep a stale copy, so any doubt counts.
 */
const READS_COUNTERS = /\b(view_count|loved_count|visited_count|score)\b|(?<!count\()\*/i;

/** Adds the groups a statement's text reads to `into`. */
export function addGroupsRead(sql: string, into: Set<string>): void {
  let spots = false;
  for (const [, name] of sql.matchAll(TABLE_NAMES)) {
    const table = name!.toLowerCase() as keyof typeof TABLE_GROUPS;
    for (const group of TABLE_GROUPS[table]) into.add(group);
    if (table === 'spots') spots = true;
  }
  if (spots && READS_COUNTERS.test(sql)) into.add(COUNTERS_GROUP);
}
