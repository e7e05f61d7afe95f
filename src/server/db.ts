import { openDatabase, tuneFileDatabase, type Database } from '../../db/client';
import { config } from './config';

let instance: { db: Database; ready: Promise<void> } | undefined;

function open() {
  const { DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL, DATABASE_TIMEOUT_MS } = config();
  const db = openDatabase({
    url: DATABASE_URL,
    authToken: DATABASE_AUTH_TOKEN,
    syncUrl: DATABASE_SYNC_URL,
    requestTimeoutMs: DATABASE_TIMEOUT_MS,
  });
  return { db, ready: tuneFileDatabase(db, DATABASE_URL) };
}

/** The process-wide database handle, opened on first use. */
export async function database(): Promise<Database> {
  instance ??= open();
  try {
    await instance.ready;
  } catch (error) {
    discardDatabase();
    throw error;
  }
  return instance.db;
}

/**
 * Drops the handle after the database was busy or unreachable. A statement that failed with
 * SQLITE_BUSY can leave its connection inside a transaction that never commits, so later writes
 * would be acknowledged but lost; closing the connections rolls that back, and the next request
 * opens fresh ones.
 */
export function discardDatabase(): void {
  const stale = instance;
  instance = undefined;
  try {
    stale?.db.$client.close();
  } catch (error) {
    console.error('[db] closing a stale handle failed:', (error as Error).message);
  }
}
