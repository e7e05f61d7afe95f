import type { Client } from '@libsql/client';
import { database } from '../db/database';

/**
 * The backup runs in the database (`backup_runs`): a running row is the lease of the one instance
 * taking a snapshot; finished rows are what the back office shows. See
 * docs/decisions/020-backups-and-restore.md.
 */

/** How long a claimed run may take before another instance may start one. */
export const BACKUP_LEASE_MS = 15 * 60_000;

/** A run whose holder died with it: its lease ran out before it finished. */
async function markInterrupted(client: Client, now: Date): Promise<void> {
  await client.execute({
    sql: `UPDATE backup_runs SET status = 'error', finished_at = lease_until, lease_owner = NULL,
            error = 'interrupted: the instance taking it stopped before it finished'
          WHERE status = 'running' AND lease_until < ?1`,
    args: [now.getTime()],
  });
}

/**
 * Claims this period's scheduled snapshot in one statement, so two instances never both take it:
 * refused while another run holds the lease, once a snapshot since `periodStart` succeeded, and
 * for `retryMs` after one failed. Returns the run's id, or null when refused.
 */
export async function claimScheduledRun(client: Client, owner: string, now: Date, periodStart: Date, retryMs: number): Promise<number | null> {
  await markInterrupted(client, now);
  const at = now.getTime();
  const claimed = await client.execute({
    sql: `INSERT INTO backup_runs (trigger, status, lease_owner, lease_until, started_at)
          SELECT 'scheduled', 'running', ?1, ?2, ?3
          WHERE NOT EXISTS (SELECT 1 FROM backup_runs WHERE
            (status = 'running' AND lease_until >= ?3)
            OR (status = 'ok' AND started_at >= ?4)
            OR (status = 'error' AND started_at >= ?4 AND finished_at > ?5))
          RETURNING id`,
    args: [owner, at + BACKUP_LEASE_MS, at, periodStart.getTime(), at - retryMs],
  });
  const id = claimed.rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/** Records a snapshot run by hand; it holds the lease too, so no scheduled one starts meanwhile. */
export async function startManualRun(client: Client, owner: string, now: Date): Promise<number> {
  await markInterrupted(client, now);
  const result = await client.execute({
    sql: `INSERT INTO backup_runs (trigger, status, lease_owner, lease_until, started_at) VALUES ('manual', 'running', ?1, ?2, ?3) RETURNING id`,
    args: [owner, now.getTime() + BACKUP_LEASE_MS, now.getTime()],
  });
  return Number(result.rows[0]!.id);
}

export async function finishRun(client: Client, id: number, now: Date, outcome: { file: string; sizeBytes: number } | { error: string }): Promise<void> {
  const ok = 'file' in outcome;
  await client.execute({
    sql: `UPDATE backup_runs SET status = ?2, finished_at = ?3, lease_owner = NULL, lease_until = NULL, file = ?4, size_bytes = ?5, error = ?6 WHERE id = ?1`,
    args: [id, ok ? 'ok' : 'error', now.getTime(), ok ? outcome.file : null, ok ? outcome.sizeBytes : null, ok ? null : outcome.error.slice(0, 2000)],
  });
}

export interface BackupStatus {
  lastSuccess: { startedAt: Date; finishedAt: Date; file: string; sizeBytes: number } | null;
  lastFailure: { startedAt: Date; finishedAt: Date; error: string } | null;
  /** A run holds the lease now. */
  running: boolean;
}

const date = (value: unknown) => new Date(Number(value));

export async function backupStatusOf(client: Client, now: Date = new Date()): Promise<BackupStatus> {
  const [ok, failed, running] = await Promise.all([
    client.execute("SELECT started_at, finished_at, file, size_bytes FROM backup_runs WHERE status = 'ok' ORDER BY started_at DESC LIMIT 1"),
    client.execute("SELECT started_at, finished_at, error FROM backup_runs WHERE status = 'error' ORDER BY started_at DESC LIMIT 1"),
    client.execute({ sql: "SELECT count(*) AS n FROM backup_runs WHERE status = 'running' AND lease_until >= ?1", args: [now.getTime()] }),
  ]);
  const success = ok.rows[0];
  const failure = failed.rows[0];
  return {
    lastSuccess: success
      ? { startedAt: date(success.started_at), finishedAt: date(success.finished_at), file: String(success.file), sizeBytes: Number(success.size_bytes) }
      : null,
    lastFailure: failure ? { startedAt: date(failure.started_at), finishedAt: date(failure.finished_at), error: String(failure.error) } : null,
    running: Number(running.rows[0]?.n ?? 0) > 0,
  };
}

/** The last good backup and the last failure, for the back office. */
export async function lastBackupStatus(now: Date = new Date()): Promise<BackupStatus> {
  const db = await database();
  return backupStatusOf(db.$client, now);
}
