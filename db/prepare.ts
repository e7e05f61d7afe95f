import { openDatabase, tuneFileDatabase, type DatabaseOptions } from './client';
import { migrateDatabase } from './migrate';
import { seedIfEmpty } from './seed/index';
import { convertStoryBodies } from './story-documents';

/** Migrates the database and, unless told not to, seeds it when it is empty. Returns whether it seeded. */
export async function prepareDatabase(options: DatabaseOptions, now: Date = new Date(), { seed = true }: { seed?: boolean } = {}): Promise<{ seeded: boolean }> {
  const db = openDatabase(options);
  try {
    await tuneFileDatabase(db, options.url);
    await migrateDatabase(db);
    const seeded = seed ? await seedIfEmpty(db, now) : false;
    await convertStoryBodies(db);
    return { seeded };
  } finally {
    db.$client.close();
  }
}
