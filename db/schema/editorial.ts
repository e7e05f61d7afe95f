import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { STAFF_ROLES } from '../../src/lib/staff-roles';
import { createdAt } from './columns';

export { STAFF_ROLES, type StaffRole } from '../../src/lib/staff-roles';

/**
 * The people who run the guide. `built_in` marks the account ADMIN_PASSWORD signs in to (created
 * on the first sign-in with that password, an Owner), so a fresh install works with nothing else
 * set up. Others join by invitation and sign in with their email and password, a passkey, or
 * their Clerk account. A disabled account signs in nowhere and its sessions end at once.
 */
export const staff = sqliteTable(
  'staff',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email'),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    builtIn: integer('built_in', { mode: 'boolean' }).notNull().default(false),
    /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url); never reversible. Null: no password set. */
    passwordHash: text('password_hash'),
    clerkUserId: text('clerk_user_id'),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(t.email),
    uniqueIndex('staff_clerk_user_unique').on(t.clerkUserId),
    uniqueIndex('staff_built_in_unique')
      .on(t.builtIn)
      .where(sql`${t.builtIn} = 1`),
  ],
);
export type StaffMember = typeof staff.$inferSelect;

/**
 * Invitations: a signed, single-use link valid 7 days. The link holds a random token; the table
 * keeps its SHA-256. Using it sets `used_at` once, in the same statement that checks it is unused.
 */
export const staffInvites = sqliteTable(
  'staff_invites',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    invitedBy: integer('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [index('staff_invites_email_idx').on(t.email)],
);

/** WebAuthn credentials (passkeys) of members of staff. */
export const staffPasskeys = sqliteTable(
  'staff_passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/** What a History entry is about. */
export const HISTORY_KINDS = ['spot', 'story', 'event', 'place', 'suggestion', 'member', 'staff', 'setting', 'offer', 'gift', 'newsletter'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * Every change made through the back office: who, when, what, and the fields before and after.
 * Written in the same batch as the change (src/server/admin/history.ts); no route edits or
 * deletes an entry.
 */
export const history = sqliteTable(
  'history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** Null for the system (an import, a scheduled publish). */
    actorId: integer('actor_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The actor's name when the change was made, so the entry reads the same after a rename. */
    actorName: text('actor_name').notNull(),
    kind: text('kind', { enum: HISTORY_KINDS }).notNull(),
    /** The changed record's id, as text (spots have numbers, invites hashes). */
    subjectId: text('subject_id').notNull(),
    /** A short label of the record when the change was made (a spot's name, a person's email). */
    subjectLabel: text('subject_label').notNull(),
    /** What happened: added, edited, archived, restored, approved, rejected, invited, … */
    event: text('event').notNull(),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    /** A spot edit an editor chose to show on the spot page's public change log: its short line. */
    publicLine: text('public_line'),
  },
  // The History page pages by id (keyset), filtered by person or kind: each filter has its (…, id) index.
  (t) => [
    index('history_at_idx').on(t.at),
    index('history_actor_idx').on(t.actorId, t.at),
    index('history_kind_idx').on(t.kind, t.at),
    index('history_actor_page_idx').on(t.actorId, t.id),
    index('history_kind_page_idx').on(t.kind, t.id),
    // A spot page's public change log reads only the entries with a public line.
    index('history_public_line_idx')
      .on(t.kind, t.subjectId, t.at)
      .where(sql`public_line IS NOT NULL`),
  ],
);
export type HistoryEntry = typeof history.$inferSelect;
