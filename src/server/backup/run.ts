import type { Client } from '@libsql/client';
import type { BackupConfig } from './config';
import { deleteSnapshot, listSnapshots, snapshotsToDelete } from './files';
import { finishRun } from './ledger';
import { takeSnapshot, type SnapshotManifest, type SnapshotSource } from './snapshot';

export interface BackupRunOptions {
  client: Client;
  source: SnapshotSource;
  config: BackupConfig;
  uploadDir: string | null;
  now?: () => Date;
  log?: (line: string) => void;
}

/**
 * Takes the claimed run's snapshot, records how it went (unless `runId` is null: a database
 * from before backups were recorded), and applies retention after a success.
 * A failure is logged loudly, recorded, and thrown on.
 */
export async function performRun(runId: number | null, options: BackupRunOptions): Promise<SnapshotManifest> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(`[backup] ${line}`));
  let manifest: SnapshotManifest;
  try {
    manifest = await takeSnapshot(options.source, options.config.dir, options.uploadDir, now);
  } catch (error) {
    const message = (error as Error).message;
    console.error(`[backup] BACKUP FAILED: ${message} (folder ${options.config.dir})`);
    if (runId !== null)
      await finishRun(options.client, runId, now(), { error: message }).catch((recordError: Error) =>
        console.error(`[backup] the failure could not be recorded either: ${recordError.message}`),
      );
    throw Object.assign(error as Error, { logged: true });
  }
  if (runId !== null) await finishRun(options.client, runId, now(), { file: manifest.file, sizeBytes: manifest.sizeBytes });
  const expired = snapshotsToDelete(listSnapshots(options.config.dir), options.config.keepLatest, options.config.keepDaily);
  for (const old of expired) deleteSnapshot(options.config.dir, old.base);
  log(
    `snapshot ${manifest.file}: ${manifest.sizeBytes} bytes, ${manifest.photos.copied} new photos` +
      (expired.length ? `; removed ${expired.length} older by retention` : ''),
  );
  return manifest;
}
