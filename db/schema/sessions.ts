import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

export const AUTH_SESSION_KINDS = ['user', 'staff'] as const;
export type AuthSessionKind = (typeof AUTH_SESSION_KINDS)[number];

/**
 * Sign-in sessions kept on the server (docs/decisions/019-server-side-sessions.md). The cookie
 * holds a random token; only its SHA-256 is stored, so a copy of this table signs nobody in.
 * `subject` is whom the session is for: a user's id (`kind` 'user'), or a member of staff
 * ('owner' for ADMIN_PASSWORD today, a staff id once staff accounts exist).
 * A session ends at `expires_at`, after `idle_timeout_ms` without use, or when revoked.
 */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    /** SHA-256 of the cookie's token, hex. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: AUTH_SESSION_KINDS }).notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per session. */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    idleTimeoutMs: integer('idle_timeout_ms').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('auth_sessions_subject_idx').on(t.kind, t.subject),
    index('auth_sessions_address_idx').on(t.kind, t.ipAddress, t.createdAt),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);
export type AuthSession = typeof authSessions.$inferSelect;

/**
 * Browsers that signed in as staff: a long-lived `admin_device` cookie holds a random token, this
 * table its SHA-256. A known device is not held by the admin sign-in's global back-off, so guesses
 * from elsewhere cannot lock its owner out (its own per-address limit still applies).
 */
export const staffDevices = sqliteTable(
  'staff_devices',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('staff_devices_expires_idx').on(t.expiresAt)],
);

export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'sign-in'] as const;
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

/**
 * WebAuthn challenges the server handed out (src/server/admin/passkeys-challenges.ts): the
 * SHA-256 of each, for 5 minutes, deleted when used, so an answer to one is accepted once.
 * A registration challenge belongs to the member of staff who asked for it.
 */
export const passkeyChallenges = sqliteTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
    staffId: integer('staff_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
