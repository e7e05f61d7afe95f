import { openDatabase, tuneFileDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { snapshotBeforeMigrating } from '../src/server/backup/before-migrate';
import { backupConfig } from '../src/server/backup/config';
import { readConfig } from '../src/server/config';
import { databaseOptionsFromEnv } from './db-options';

const options = databaseOptionsFromEnv();
// A database that already has a schema is saved before it changes (BACKUP_DIR, or data/backups).
const before = await snapshotBeforeMigrating(options, backupConfig().dir, readConfig().UPLOAD_DIR);
if (before) console.log(`Saved a snapshot before migrating: ${backupConfig().dir}/${before.file}`);
const db = openDatabase(options);
await tuneFileDatabase(db, options.url);
await migrateDatabase(db);
db.$client.close();
console.log(`Database migrated: ${options.url}`);
