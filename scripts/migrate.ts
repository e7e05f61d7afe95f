import { openDatabase, tuneFileDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseOptionsFromEnv } from './db-options';

const options = databaseOptionsFromEnv();
const db = openDatabase(options);
await tuneFileDatabase(db, options.url);
await migrateDatabase(db);
db.$client.close();
console.log(`Database migrated: ${options.url}`);
