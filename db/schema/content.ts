import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PLACE_KINDS, STORY_STATES } from '../../src/lib/catalog';
import type { OpeningHours } from '../../src/lib/opening-hours';
import type { StoryDocument } from '../../src/lib/story-document/schema';
import { createdAt, nowMs, tagList } from './columns';
import { spots } from './spots';

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description'),
    startDate: integer('start_date', { mode: 'timestamp_ms' }).notNull(),
    endDate: integer('end_date', { mode: 'timestamp_ms' }),
    location: text('location'),
    link: text('link'),
    eventType: text('event_type'),
    tags: tagList(),
    isTrending: integer('is_trending', { mode: 'boolean' }).notNull().default(false),
    isNewThisWeek: integer('is_new_this_week', { mode: 'boolean' }).notNull().default(false),
    source: text('source').notNull().default('browse_ai'),
    createdAt: createdAt(),
    /** The event's identity at its source (the robot's id, else its link, else title and first start), so a renamed event is still the same one. */
    sourceId: text('source_id'),
    /** Fields an editor changed by hand: the next import leaves them as they are. */
    editedFields: text('edited_fields', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Hidden from every list by an editor; kept so the next import does not bring it back. */
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('events_start_idx').on(t.startDate),
    uniqueIndex('events_title_start_unique').on(t.title, t.startDate),
    uniqueIndex('events_source_id_unique').on(t.source, t.sourceId),
  ],
);

/**
 * Newsletter readers, with double opt-in: `is_active` (the only thing sending looks at) turns on
 * when the reader follows the emailed confirmation link. A sign-up or re-subscription waiting for
 * that is pending: inactive with `confirmation_requested_at` set. `confirmation_sent_at` spaces
 * out repeated confirmation emails.
 */
export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    confirmationRequestedAt: integer('confirmation_requested_at', { mode: 'timestamp_ms' }),
    confirmationSentAt: integer('confirmation_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  // The members list and a member's page join people by lower-cased email.
  (t) => [index('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    author: text('author').notNull(),
    heroImage: text('hero_image'),
    /** The body as pages, feeds and the newsletter show it: sanitised HTML rendered from `doc` on every save. */
    content: text('content').notNull(),
    /** The body as the editor stores it (the source of `content`): a validated Story document (src/lib/story-document). */
    doc: text('doc', { mode: 'json' }).$type<StoryDocument>(),
    /** The words of `content` without its markup, what search indexes; null until the start-up conversion fills it. */
    plainText: text('plain_text'),
    excerpt: text('excerpt'),
    category: text('category').notNull(),
    tags: tagList(),
    /** The one public flag: true exactly when `status` is 'published' (src/server/content/blog.ts, `publicStory`). */
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(false),
    /** draft, review (submitted by a Contributor), scheduled, published, unpublished, archived. */
    status: text('status', { enum: STORY_STATES }).notNull().default('draft'),
    /** When a scheduled Story goes out; the publish scheduler claims it in the database. */
    scheduledFor: integer('scheduled_for', { mode: 'timestamp_ms' }),
    /** Raised by every save: an edit made against an older version is refused (two people, one Story). */
    version: integer('version').notNull().default(1),
    /** The member of staff shown as the author (their name is copied into `author`). */
    authorId: integer('author_id'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    socialImage: text('social_image'),
    /** The last material change to a published Story (its text or title): pages show "Updated". */
    revisedAt: integer('revised_at', { mode: 'timestamp_ms' }),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(nowMs)
      .$defaultFn(() => new Date())
      .$onUpdateFn(() => new Date()),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.isPublished, t.publishedAt),
    index('blog_posts_category_idx').on(t.category, t.isPublished, t.publishedAt),
    index('blog_posts_featured_idx').on(t.isFeatured, t.isPublished, t.publishedAt),
    index('blog_posts_schedule_idx').on(t.status, t.scheduledFor),
  ],
);

/** Every save, publish and unpublish of a Story, newest kept (at most STORY_REVISION_CAP per Story). */
export const storyRevisions = sqliteTable(
  'story_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    storyId: integer('story_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    /** saved, published, scheduled, unpublished, restored, … */
    event: text('event').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    content: text('content').notNull(),
    doc: text('doc', { mode: 'json' }).$type<StoryDocument>(),
  },
  (t) => [index('story_revisions_story_idx').on(t.storyId, t.id)],
);

/** Old addresses of Stories whose slug changed after publishing: they answer 301 to the new one. */
export const storyRedirects = sqliteTable('story_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  storyId: integer('story_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Restaurants and activities: seeded from the travel-review list, kept in the Places desk. */
export const places = sqliteTable(
  'places',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: PLACE_KINDS }).notNull(),
    name: text('name').notNull(),
    rating: real('rating').notNull(),
    location: text('location').notNull(),
    tags: tagList(),
    link: text('link').notNull(),
    image: text('image').notNull(),
    priceRange: text('price_range').notNull(),
    openingStatus: text('opening_status').notNull(),
    reviewCount: text('review_count').notNull(),
    highlight: text('highlight').notNull(),
    reservationAvailable: integer('reservation_available', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** Structured weekly hours in city time; when set, the opening status is worked out from them. */
    hours: text('hours', { mode: 'json' }).$type<OpeningHours>(),
    /** The spot this place is (one record): its card opens /spots/{slug}. */
    spotId: integer('spot_id').references(() => spots.id),
    /** A real booking page; the Reserve button shows only where one is stored. */
    reservationUrl: text('reservation_url'),
    /** Archived from the desk: it leaves the lists; restoring brings it back. */
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('places_kind_rating_idx').on(t.kind, t.rating), index('places_spot_idx').on(t.spotId)],
);

export type BlogPost = typeof blogPosts.$inferSelect;
export type StoryRevision = typeof storyRevisions.$inferSelect;
export type Event = typeof events.$inferSelect;
export type Place = typeof places.$inferSelect;
