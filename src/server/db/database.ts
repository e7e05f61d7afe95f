import { openDatabase, tuneFileDatabase, type Database } from '../../../db/client';
import { config } from '../config';

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

/**
 * True when the error (or anything in its cause chain, as drizzle wraps driver errors) says the
 * database is busy or gone: a locked file, a remote server that refused, dropped or did not answer
 * in time, or a client closed by `discardDatabase` while this request still held it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    const text = `${String(code ?? '')} ${String(name ?? '')} ${String(message ?? '')}`;
    if (
      /SQLITE_BUSY|SQLITE_LOCKED|SQLITE_CANTOPEN|CLIENT_CLOSED|Client is closed|ECONNREFUSED|ECONNRESET|UND_ERR_|TimeoutError|database is locked|fetch failed/i.test(text)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The one rule for a failed database call: when the database was busy or gone, drop the handle
 * (see `discardDatabase`) and log it, so the next call opens a fresh one. True when it was that.
 */
export function releaseIfUnavailable(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  console.error('[db] unavailable:', (error as Error).message);
  discardDatabase();
  return true;
}

/** Runs database work with the handle; an unavailable database releases it before the error goes on. */
export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  try {
    return await work(await database());
  } catch (error) {
    releaseIfUnavailable(error);
    throw error;
  }
}
