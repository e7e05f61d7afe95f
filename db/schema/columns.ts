import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/**
 * Every timestamp is stored as UTC milliseconds since the epoch and shown in the city's time
 * zone by the UI. The SQL default covers rows written by hand; the app sets them itself.
 */
export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date());
export const tagList = () =>
  text('tags', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);
