import { openDatabase, tuneFileDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed/index';
import { databaseOptionsFromEnv } from './db-options';

const options = databaseOptionsFromEnv();
const db = openDatabase(options);
await tuneFileDatabase(db, options.url);
await migrateDatabase(db);
const seeded = await seedIfEmpty(db);
db.$client.close();
console.log(seeded ? `Seeded ${options.url} with Scottsdale data.` : `${options.url} already has data; left as it is.`);
