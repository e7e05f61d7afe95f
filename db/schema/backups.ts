import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const BACKUP_RUN_STATUSES = ['running', 'ok', 'error'] as const;
export const BACKUP_TRIGGERS = ['scheduled', 'manual'] as const;

/**
 * One row per snapshot attempt, scheduled or run by hand. A `running` row is also the lease that
 * keeps a second instance from taking the same snapshot: it holds until `lease_until`, and a run
 * that died with it is marked as an error by the next claim. See docs/decisions/020-backups-and-restore.md.
 */
export const backupRuns = sqliteTable(
  'backup_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    trigger: text('trigger', { enum: BACKUP_TRIGGERS }).notNull(),
    status: text('status', { enum: BACKUP_RUN_STATUSES }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** The snapshot's file name inside the backup folder. */
    file: text('file'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt), index('backup_runs_status_idx').on(t.status, t.startedAt)],
);
export type BackupRun = typeof backupRuns.$inferSelect;
