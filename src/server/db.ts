import { openDatabase, tuneFileDatabase, type Database } from '../../db/client';
import { config } from './config';

let instance: { db: Database; ready: Promise<void> } | undefined;

function open() {
  const { DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL } = config();
  const db = openDatabase({ url: DATABASE_URL, authToken: DATABASE_AUTH_TOKEN, syncUrl: DATABASE_SYNC_URL });
  return { db, ready: tuneFileDatabase(db, DATABASE_URL) };
}

/** The process-wide database handle, opened on first use. */
export async function database(): Promise<Database> {
  instance ??= open();
  await instance.ready;
  return instance.db;
}
