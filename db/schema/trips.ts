import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, nowMs } from './columns';
import { users } from './people';

/** Where a trip's days start and end: a spot, a neighbourhood or a point on the map. */
export interface TripBase {
  label: string;
  latitude: number;
  longitude: number;
  spotId?: number;
}

/** A stop the reader chose: a spot (saved, or added from its page) or an event on the trip's dates. */
export type TripItem = { type: 'spot'; id: number } | { type: 'event'; id: number };

/** The reader's own arrangement once they edit the plan: each day's stops in order, and the times they fixed. */
export interface TripLayout {
  days: { day: string; keys: string[] }[];
  pins: Record<string, number>;
}

/**
 * A planned trip. A signed-in user's trips are theirs; a visitor's are kept against their visitor
 * session and move to the user at sign-in, as saved spots do. The plan itself is worked out from
 * these choices and the live spot data on every read, so it always follows the current hours.
 */
export const trips = sqliteTable(
  'trips',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerVisitor: text('owner_visitor'),
    title: text('title').notNull(),
    startDay: text('start_day').notNull(),
    dayCount: integer('day_count').notNull(),
    pace: text('pace', { enum: ['relaxed', 'full'] })
      .notNull()
      .default('relaxed'),
    base: text('base', { mode: 'json' }).$type<TripBase>().notNull(),
    items: text('items', { mode: 'json' }).$type<TripItem[]>().notNull(),
    layout: text('layout', { mode: 'json' }).$type<TripLayout>(),
    /**
     * The read-only share link's token (32 random bytes); null when not shared or revoked. Kept as
     * it is so the owner can copy the link again: it opens a read-only plan, nothing else.
     */
    shareToken: text('share_token'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    index('trips_owner_user_idx').on(t.ownerUserId, t.updatedAt),
    index('trips_owner_visitor_idx').on(t.ownerVisitor, t.updatedAt),
    uniqueIndex('trips_share_token_idx').on(t.shareToken),
  ],
);

export type Trip = typeof trips.$inferSelect;
