/** Loaded by scripts/serve.mjs when BACKUP_EVERY is set. */
import { config } from '../config';
import { database } from '../db/database';
import { backupConfig } from './config';
import { startBackupScheduler, type BackupScheduler } from './scheduler';

export function startConfiguredBackups(): BackupScheduler | null {
  const settings = backupConfig();
  if (!settings.everyMs) return null;
  const { DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL, UPLOAD_DIR } = config();
  console.log(
    `[backup] scheduler on: a snapshot every ${settings.everyMs / 1000} s into ${settings.dir}, keeping the latest ${settings.keepLatest} and one a day for ${settings.keepDaily} days.`,
  );
  return startBackupScheduler({
    client: async () => (await database()).$client,
    source: { url: DATABASE_URL, authToken: DATABASE_AUTH_TOKEN, syncUrl: DATABASE_SYNC_URL },
    config: settings,
    uploadDir: UPLOAD_DIR,
    everyMs: settings.everyMs,
  });
}
