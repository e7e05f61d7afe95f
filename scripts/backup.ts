// `npm run db:backup -- --out DIR`: one snapshot of the database and the photos, now.
import { createClient } from '@libsql/client';
import { parseArgs } from 'node:util';
import { readConfig } from '../src/server/config';
import { backupConfig } from '../src/server/backup/config';
import { startManualRun } from '../src/server/backup/ledger';
import { performRun } from '../src/server/backup/run';
import { processOwner } from '../src/server/backup/snapshot';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const env = readConfig();
  const settings = backupConfig();
  const config = { ...settings, dir: values.out ?? settings.dir };
  const source = { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, syncUrl: env.DATABASE_SYNC_URL };
  // The run is recorded on the primary (an embedded replica forwards nothing it is not asked to).
  const client = createClient({ url: source.syncUrl ?? source.url, authToken: source.authToken });
  try {
    // A database from before backup_runs existed is backed up all the same, without a record.
    const recorded = (await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'backup_runs'")).rows.length > 0;
    const runId = recorded ? await startManualRun(client, processOwner, new Date()) : null;
    const manifest = await performRun(runId, { client, source, config, uploadDir: env.UPLOAD_DIR });
    const rows = Object.entries(manifest.tables)
      .filter(([table]) => !table.startsWith('__') && table !== 'sqlite_sequence')
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    console.log(`Backed up ${source.url} at ${manifest.takenAt} to ${config.dir}/${manifest.file} (${manifest.sizeBytes} bytes, sha256 ${manifest.sha256}).`);
    console.log(`Rows: ${rows}.`);
    console.log(`Photos: ${manifest.photos.copied} new, ${manifest.photos.total} in the backup folder.`);
  } finally {
    client.close();
  }
}

main().catch((error: Error) => {
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
});
