import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OpeningHours } from '../src/lib/opening-hours';
import type { KnowBeforeYouGo } from '../src/lib/spot-details';
import { PLACE_KINDS, SPOT_CATEGORIES } from '../src/lib/catalog';

/**
 * Every timestamp is stored as UTC milliseconds since the epoch and shown in the city's time
 * zone by the UI. The SQL default covers rows written by hand; the app sets them itself.
 */
const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date());
const tagList = () =>
  text('tags', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

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
  },
  (t) => [
    uniqueIndex('spots_slug_idx').on(t.slug),
    index('spots_featured_idx').on(t.featured, t.createdAt),
    index('spots_score_idx').on(t.score, t.id),
    index('spots_category_idx').on(t.category, t.createdAt),
    index('spots_views_idx').on(t.viewCount),
    index('spots_created_idx').on(t.createdAt),
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

/** People who started a Stripe subscription: their email, Stripe ids and subscription state. */
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    name: text('name'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    isFoundingMember: integer('is_founding_member', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('subscribers_subscription_idx').on(t.stripeSubscriptionId), index('subscribers_customer_idx').on(t.stripeCustomerId)],
);

/**
 * People who signed in: a Clerk user (verified by Clerk) or a demo sign-in (an email typed into
 * the demo form, never verified). Loves, visits, views and saved spots are recorded against them.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ['clerk', 'demo'] }).notNull(),
    /** Clerk's user id, or the demo sign-in's email in lower case. */
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_provider_subject_idx').on(t.provider, t.subject)],
);

export const userEngagements = sqliteTable(
  'user_engagements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    engagementType: text('engagement_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_engagements_spot_idx').on(t.spotId),
    index('user_engagements_session_idx').on(t.sessionId, t.engagementType),
    index('user_engagements_user_idx').on(t.userId),
    // Love and Been-here are one-way: at most one of each per visitor session and spot.
    uniqueIndex('user_engagements_once_idx')
      .on(t.sessionId, t.spotId, t.engagementType)
      .where(sql`engagement_type in ('love', 'visit')`),
  ],
);

/** A user's saved spots: one row per user and spot, so saving twice changes nothing. */
export const savedSpots = sqliteTable(
  'saved_spots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spotId] }), index('saved_spots_user_idx').on(t.userId, t.createdAt)],
);

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
  },
  (t) => [index('events_start_idx').on(t.startDate), uniqueIndex('events_title_start_unique').on(t.title, t.startDate)],
);

/**
 * Newsletter readers, with double opt-in: `is_active` (the only thing sending looks at) turns on
 * when the reader follows the emailed confirmation link. A sign-up or re-subscription waiting for
 * that is pending: inactive with `confirmation_requested_at` set. `confirmation_sent_at` spaces
 * out repeated confirmation emails.
 */
export const newsletterSubscribers = sqliteTable('newsletter_subscribers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  confirmationRequestedAt: integer('confirmation_requested_at', { mode: 'timestamp_ms' }),
  confirmationSentAt: integer('confirmation_sent_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    author: text('author').notNull(),
    heroImage: text('hero_image'),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    category: text('category').notNull(),
    tags: tagList(),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(false),
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
  ],
);

/** Restaurants and activities from the travel-review list; read only for the site. */
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
  },
  (t) => [index('places_kind_rating_idx').on(t.kind, t.rating)],
);

export type Spot = typeof spots.$inferSelect;
export type NewSpot = typeof spots.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type Event = typeof events.$inferSelect;
export type Place = typeof places.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type User = typeof users.$inferSelect;

/** Stripe webhook events already handled, so a redelivery changes nothing twice. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: integer('processed_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
});

/**
 * Checkout sessions that have unlocked a browser. A session does so once, and only for the
 * browser that started it (docs/decisions/011-subscription-links.md); webhooks activate the
 * subscription itself whoever holds the link.
 */
export const checkoutActivations = sqliteTable('checkout_activations', {
  sessionId: text('session_id').primaryKey(),
  email: text('email').notNull(),
  activatedAt: integer('activated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
});

export const BROWSE_AI_TASK_STATUSES = ['in-progress', 'importing', 'successful', 'failed'] as const;

/** Browse AI scraping tasks: a finished task's events are imported once, whatever is redelivered. */
export const browseAiTasks = sqliteTable(
  'browse_ai_tasks',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: BROWSE_AI_TASK_STATUSES }).notNull().default('in-progress'),
    error: text('error'),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: createdAt(),
    importedAt: integer('imported_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('browse_ai_tasks_created_idx').on(t.createdAt)],
);
export type BrowseAiTask = typeof browseAiTasks.$inferSelect;

/**
 * One row per subscriber and newsletter week, written before the message is handed to SMTP:
 * the unique index makes "at most one copy a week" hold across interrupted runs and instances.
 * `sending` rows whose claim ran out belong to a run that stopped mid-message; they count as
 * `unknown` and are never sent again, since the message may already have gone out.
 */
export const NEWSLETTER_DELIVERY_STATUSES = ['sending', 'sent', 'failed'] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

export const newsletterDeliveries = sqliteTable(
  'newsletter_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    weekStart: integer('week_start', { mode: 'timestamp_ms' }).notNull(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: NEWSLETTER_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_week_subscriber_unique').on(t.weekStart, t.subscriberId),
    index('newsletter_deliveries_week_status_idx').on(t.weekStart, t.status),
  ],
);
export type NewsletterDelivery = typeof newsletterDeliveries.$inferSelect;

/** One row per newsletter week: who is sending it (a lease, so a second instance waits) and when it finished. */
export const newsletterRuns = sqliteTable('newsletter_runs', {
  weekStart: integer('week_start', { mode: 'timestamp_ms' }).primaryKey(),
  leaseOwner: text('lease_owner'),
  leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
});
export type NewsletterRun = typeof newsletterRuns.$inferSelect;

/** Keys the app makes itself when none is configured, shared by every process on the database. */
export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
