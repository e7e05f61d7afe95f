import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OpeningHours } from '../../src/lib/opening-hours';
import type { Photo } from '../../src/lib/photo';
import type { KnowBeforeYouGo } from '../../src/lib/spot-details';
import { SPOT_CATEGORIES } from '../../src/lib/catalog';
import { SPOT_STATUSES } from '../../src/lib/spot-status';
import { createdAt, tagList } from './columns';

/**
 * Spot score of spec §9, kept by SQLite itself so the leaderboard can be read from an index:
 * views, +5 Hidden Gem, +3 New, -3 Overrated, +3 per love, +1 per visit, never below 0.
 * `src/lib/spot-score.ts` is the same rule for display; both are tested against one table.
 */
export const spotScoreSql = sql`max(0,
  "view_count"
  + 5 * (instr("tags", '"Hidden Gem"') > 0)
  + 3 * (instr("tags", '"New"') > 0)
  - 3 * (instr("tags", '"Overrated"') > 0)
  + 3 * "loved_count"
  + "visited_count")`;

export const spots = sqliteTable(
  'spots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    category: text('category', { enum: SPOT_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    mapsUrl: text('maps_url').notNull(),
    website: text('website'),
    featured: integer('featured').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    lovedCount: integer('loved_count').notNull().default(0),
    visitedCount: integer('visited_count').notNull().default(0),
    suggestionCount: integer('suggestion_count').notNull().default(0),
    tags: tagList(),
    score: integer('score').generatedAlwaysAs(spotScoreSql, { mode: 'stored' }),
    createdAt: createdAt(),
    /** The spot page's address, /spots/{slug}: made from the name, unique, never changed. */
    slug: text('slug').notNull().default(''),
    /** The area as locals say it: Old Town, North Scottsdale, McCormick Ranch… */
    neighbourhood: text('neighbourhood'),
    /** Street address (premium: only entitled visitors get it). */
    address: text('address'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** 1–4 for $–$$$$; null where nothing is paid. */
    priceLevel: integer('price_level'),
    /** Structured weekly hours in city time (src/lib/opening-hours.ts). */
    hours: text('hours', { mode: 'json' }).$type<OpeningHours>(),
    /** The one line a card shows. */
    hook: text('hook'),
    /** Know before you go (premium). */
    knowBefore: text('know_before', { mode: 'json' }).$type<KnowBeforeYouGo>(),
    /** A local's tip (premium). */
    insiderTip: text('insider_tip'),
    /** An uploaded photo (its copies and placeholder); `imageUrl` then names its largest JPEG. */
    photo: text('photo', { mode: 'json' }).$type<Photo>(),
    /** When an editor last changed the spot (null: never since it was added). */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /** Archived (soft-deleted): out of every list, feed and map; its page answers 410 Gone. Engagement rows are kept. */
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    /** Open, or closed for a while, for good, or moved to another spot (src/lib/spot-status.ts). */
    status: text('status', { enum: SPOT_STATUSES }).notNull().default('open'),
    /** Temporarily closed: the last closed city day, `YYYY-MM-DD`; the spot is back in every list the day after. */
    closedUntil: text('closed_until'),
    /** What the closed banner says besides the dates ("Closed for renovation"). */
    statusNote: text('status_note'),
    /** Moved: the spot its page now redirects to. */
    movedToId: integer('moved_to_id'),
    /** When an editor last checked the spot is right (the page says so; the desk lists what is due). */
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
    /** A draft is seen only in the back office until it is published (complete: src/lib/spot-status.ts). */
    draft: integer('draft').notNull().default(0),
    /** Hours vary or are by appointment: publishing then needs no hours. */
    noFixedHours: integer('no_fixed_hours').notNull().default(0),
    /** Featured spots' order on the home page (lowest first; unset ones after, newest first). */
    featuredOrder: integer('featured_order'),
  },
  (t) => [
    uniqueIndex('spots_slug_idx').on(t.slug),
    index('spots_featured_idx').on(t.featured, t.createdAt),
    index('spots_score_idx').on(t.score, t.id),
    index('spots_category_idx').on(t.category, t.createdAt),
    index('spots_views_idx').on(t.viewCount),
    index('spots_created_idx').on(t.createdAt),
    index('spots_verified_idx').on(t.verifiedAt),
  ],
);

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const userSuggestions = sqliteTable(
  'user_suggestions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spotName: text('spot_name').notNull(),
    description: text('description').notNull(),
    link: text('link'),
    submitterName: text('submitter_name'),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('user_suggestions_status_idx').on(t.status, t.createdAt)],
);

export type Spot = typeof spots.$inferSelect;
export type NewSpot = typeof spots.$inferInsert;
