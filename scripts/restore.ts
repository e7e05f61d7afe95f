// `npm run db:restore -- FILE`: verify a snapshot and restore it into DATABASE_URL's file.
import { parseArgs } from 'node:util';
import { readConfig } from '../src/server/config';
import { RestoreRefused, restoreSnapshot } from '../src/server/backup/restore';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new RestoreRefused('Usage: npm run db:restore -- FILE (a guide-….db snapshot with its .sha256 next to it).');
  const env = readConfig();
  if (!env.DATABASE_URL.startsWith('file:') || env.DATABASE_SYNC_URL) {
    throw new RestoreRefused(
      'db:restore restores into an embedded database file (DATABASE_URL=file:…, without DATABASE_SYNC_URL). For a libSQL server or Turso, see "Backups and restore" in the README.',
    );
  }
  const target = env.DATABASE_URL.slice('file:'.length).split('?')[0]!;
  const report = await restoreSnapshot(file, target, env.UPLOAD_DIR);
  console.log(`Restored the snapshot taken at ${report.takenAt ?? 'an unknown time (no manifest)'} into ${report.restoredTo}.`);
  console.log(report.keptAside ? `The database that was there is kept as ${report.keptAside}.` : 'There was no database there before.');
  console.log(`Migrations applied after restoring: ${report.migrationsApplied}.`);
  console.log(
    `Rows: ${Object.entries(report.tables)
      .filter(([table]) => !table.startsWith('__') && table !== 'sqlite_sequence')
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}.`,
  );
  console.log(`Photos: ${report.photos.copied} copied back, ${report.photos.total} in the backup.`);
}

main().catch((error: Error) => {
  console.error(error instanceof RestoreRefused ? `Restore refused: ${error.message}` : `Restore failed: ${error.message}`);
  process.exit(1);
});
