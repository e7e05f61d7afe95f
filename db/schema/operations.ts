import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { newsletterSubscribers } from './content';

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

/**
 * What staff write for one week's issue: the editor's note at the top of it. `version` rises with
 * every save, so two people editing the same note are told before one overwrites the other.
 */
export const newsletterIssues = sqliteTable('newsletter_issues', {
  weekStart: integer('week_start', { mode: 'timestamp_ms' }).primaryKey(),
  note: text('note').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  updatedBy: text('updated_by').notNull(),
});
export type NewsletterIssue = typeof newsletterIssues.$inferSelect;

/** Keys the app makes itself when none is configured, shared by every process on the database. */
export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Photos an admin uploaded, one row per content hash (`key`): the copies live under
 * UPLOAD_DIR/<key>/ and never change, so the same file uploaded twice is stored once.
 */
export const uploads = sqliteTable('uploads', {
  key: text('key').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  widths: text('widths', { mode: 'json' }).notNull().$type<number[]>(),
  placeholder: text('placeholder').notNull(),
  /** What was sent, before re-encoding: `jpeg`, `png`, `webp`, `avif` or `heic`. */
  sourceFormat: text('source_format').notNull(),
  sourceBytes: integer('source_bytes').notNull(),
  createdAt: createdAt(),
});
export type Upload = typeof uploads.$inferSelect;

/**
 * Per-address write limits shared by every instance on one database (RATE_LIMIT_STORE=database):
 * one row per bucket, address and minute; old minutes are swept as new ones are written.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    /** Start of the minute, in ms. */
    windowStart: integer('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * One row: a number every write to a table that public responses read raises by one (triggers of
 * migration 0014 do it, whoever writes: this process, another instance, a script). The shared
 * response cache (src/server/http/shared-responses.ts) keeps a response only while it is unchanged.
 */
export const dataGeneration = sqliteTable('data_generation', {
  id: integer('id').primaryKey(),
  generation: integer('generation').notNull().default(0),
});

/**
 * One row per group of public data (a table, or the engagement counters): a number every write to
 * that group raises by one, by triggers whoever writes. A kept response is stale only when a group
 * it read has changed (docs/decisions/033-cache-per-table-and-shared-spot-pages.md); the single
 * `data_generation` above is no longer raised.
 */
export const dataGenerations = sqliteTable('data_generations', {
  name: text('name').primaryKey(),
  generation: integer('generation').notNull().default(0),
});

/** The tables public pages and reads are made from: writes to them bump `data_generation`. */
export const PUBLIC_CONTENT_TABLES = ['spots', 'events', 'blog_posts', 'story_redirects', 'places', 'user_engagements', 'user_suggestions', 'uploads'] as const;
/** Tables only private responses (one visitor's, the admin's) or background work read. */
export const PRIVATE_TABLES = [
  'users',
  'subscribers',
  'saved_spots',
  'stripe_events',
  'checkout_activations',
  'newsletter_subscribers',
  'newsletter_runs',
  'newsletter_deliveries',
  'newsletter_outbox',
  'newsletter_issues',
  'browse_ai_tasks',
  'app_secrets',
  'story_revisions',
  'rate_limits',
  'data_generation',
  'auth_sessions',
  'staff_devices',
  'backup_runs',
  'staff',
  'staff_invites',
  'staff_passkeys',
  'history',
  'passkey_challenges',
  'funnel_events',
  'subscription_payments',
  'trips',
  'reader_corrections',
  'member_labels',
  'offers',
  'gifts',
  'search_misses',
  'data_generations',
] as const;

/**
 * The full-text index (migration search_index, docs/decisions/032-search.md) and FTS5's own tables
 * under it. Triggers on the public tables write it in the same statement as their rows, so it changes
 * only with a table that already raises the generation (or by `npm run search:rebuild`, which raises it).
 */
export const SEARCH_INDEX_TABLES = [
  'search_index',
  'search_index_data',
  'search_index_idx',
  'search_index_content',
  'search_index_docsize',
  'search_index_config',
  'search_terms',
] as const;

/**
 * Emails waiting to be sent (the newsletter's confirmation links): written in the same batch as
 * the sign-up, sent after the answer by a worker in the server process. A worker claims a row
 * (claimed_by, claimed_until) before sending, so several instances never send one twice; a failed
 * send is tried again later (next_attempt_at), and a sent one is deleted.
 * See docs/decisions/021-newsletter-outbox.md.
 */
export const newsletterOutbox = sqliteTable(
  'newsletter_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** The site's address the link in the email points at (the one the sign-up came to). */
    siteUrl: text('site_url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  // One waiting confirmation per address, however often it is posted.
  (t) => [uniqueIndex('newsletter_outbox_subscriber_unique').on(t.subscriberId), index('newsletter_outbox_due_idx').on(t.nextAttemptAt)],
);
export type NewsletterOutboxRow = typeof newsletterOutbox.$inferSelect;
