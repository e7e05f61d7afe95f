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

/**
 * Private tables whose writes reach public ones through a foreign key's action: deleting a user
 * sets `user_engagements.user_id` to null, which raises the counters. The schema test keeps this
 * list complete (every ON DELETE / ON UPDATE action from a public table to a private one is here).
 */
export const CASCADES_INTO_PUBLIC: Readonly<Record<string, readonly string[]>> = {
  users: ['counters'],
};

const COUNTER_COLUMNS = new Set(['view_count', 'loved_count', 'visited_count']);
const WRITE_TARGET = /^\s*(insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)["`\]]?/i;

/**
 * The columns an UPDATE sets, or null when its SET clause cannot be read plainly. The clause is
 * read at the top level only (a subquery's own FROM or WHERE does not end it; quoted text is skipped).
 */
function columnsSet(sql: string): string[] | null {
  const set = /\bset\b/i.exec(sql);
  if (!set) return null;
  const assignments: string[] = [];
  let depth = 0;
  let start = set.index + set[0].length;
  let i = start;
  for (; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'") {
      const close = sql.indexOf("'", i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === ',') {
      assignments.push(sql.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && /\s/.test(c) && /^\s+(where|returning|from)\b/i.test(sql.slice(i, i + 12))) break;
  }
  assignments.push(sql.slice(start, i));
  const columns: string[] = [];
  for (const assignment of assignments) {
    const column = /^\s*["`[]?(\w+)["`\]]?\s*=/.exec(assignment)?.[1];
    if (!column) return null;
    columns.push(column.toLowerCase());
  }
  return columns;
}

/**
 * Adds to `into` the groups a write statement can raise (through the triggers of the table it
 * writes, and the foreign-key actions of CASCADES_INTO_PUBLIC); false when that cannot be told
 * from its text (a statement that is not a plain INSERT, UPDATE or DELETE): then every group may
 * have changed. An UPDATE of spots that sets only its counters raises only the counters, as its
 * triggers do.
 */
export function addGroupsWritten(sql: string, into: Set<string>): boolean {
  const match = WRITE_TARGET.exec(sql);
  if (!match) return false;
  const verb = match[1]!.toLowerCase();
  const table = match[2]!.toLowerCase();
  if (table in TABLE_GROUPS) {
    if (table === 'spots' && verb.startsWith('update')) {
      const columns = columnsSet(sql);
      if (!columns) return false;
      if (columns.some((column) => COUNTER_COLUMNS.has(column))) into.add(COUNTERS_GROUP);
      if (columns.some((column) => !COUNTER_COLUMNS.has(column))) into.add('spots');
      return true;
    }
    for (const group of TABLE_GROUPS[table as keyof typeof TABLE_GROUPS]) into.add(group);
    return true;
  }
  // A plain insert deletes nothing; an update, a delete or a replace can set off a foreign key's action.
  if (!verb.startsWith('insert') || verb.includes('replace')) for (const group of CASCADES_INTO_PUBLIC[table] ?? []) into.add(group);
  return true;
}
