import type { Client } from '@libsql/client';
import { releaseIfUnavailable } from '../db/database';
import { claimScheduledRun } from './ledger';
import { performRun, type BackupRunOptions } from './run';
import { processOwner } from './snapshot';

export interface BackupScheduler {
  /** Runs one check now (the timer calls this). Resolves to the snapshot's file name when it took one. */
  tick(): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Takes one snapshot per period (`everyMs`, counted from the epoch in UTC: the top of each hour
 * for hourly) on whichever instance claims it first; checks twice a period and at most every 30 s.
 * A failed snapshot is tried again after a fifth of the period (at most 5 minutes).
 */
export function startBackupScheduler(options: Omit<BackupRunOptions, 'client'> & { client: () => Promise<Client>; everyMs: number }): BackupScheduler {
  const now = options.now ?? (() => new Date());
  const checkMs = Math.max(1_000, Math.min(30_000, Math.floor(options.everyMs / 2)));
  const retryMs = Math.min(5 * 60_000, Math.floor(options.everyMs / 5));
  let running: Promise<string | null> | null = null;
  let stopped = false;

  async function check(): Promise<string | null> {
    const at = now();
    const periodStart = new Date(Math.floor(at.getTime() / options.everyMs) * options.everyMs);
    const client = await options.client();
    const runId = await claimScheduledRun(client, processOwner, at, periodStart, retryMs);
    if (runId === null) return null;
    const manifest = await performRun(runId, { ...options, client, now });
    return manifest.file;
  }

  const tick = () => {
    if (stopped) return Promise.resolve(null);
    running ??= check()
      .catch((error: Error & { logged?: boolean }) => {
        // A failed snapshot was logged and recorded by performRun; anything else is a failed claim.
        if (!error.logged) console.error(`[backup] BACKUP CHECK FAILED: ${error.message}`);
        releaseIfUnavailable(error);
        return null;
      })
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), checkMs);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
