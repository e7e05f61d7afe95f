// What `npm start` does before it serves: a snapshot before migrating, then migrate and seed the
// database. Compiled into dist/tasks/start-prepare.mjs at build time (scripts/build-tasks.mjs), so
// scripts/start.mjs runs it in plain node.
import { randomBytes } from 'node:crypto';
import { prepareDatabase } from '../db/prepare';
import { snapshotBeforeMigrating } from '../src/server/backup/before-migrate';
import { backupConfig } from '../src/server/backup/config';
import { readConfig } from '../src/server/config';
import { databaseOptionsFromEnv } from './db-options';

export async function prepareForStart(): Promise<void> {
  const options = databaseOptionsFromEnv();
  if (!process.env.ADMIN_PASSWORD && options.url.startsWith('file:')) {
    // A local embedded database gets a one-off admin password so /admin can be tried at once.
    process.env.ADMIN_PASSWORD = randomBytes(12).toString('base64url');
    console.log(`ADMIN_PASSWORD is not set; the admin password for this run is: ${process.env.ADMIN_PASSWORD}`);
  }
  const before = await snapshotBeforeMigrating(options, backupConfig().dir, readConfig().UPLOAD_DIR);
  if (before) console.log(`Saved a snapshot before migrating: ${backupConfig().dir}/${before.file}`);
  const { seeded } = await prepareDatabase(options);
  console.log(`Database ready: ${options.url}${seeded ? ' (seeded with Scottsdale data)' : ''}`);
}
