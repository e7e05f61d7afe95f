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
  return { db, ready: tuneFileDatabase(db, DATABASE_URL, DATABASE_SYNC_URL) };
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

function causeMatches(error: unknown, pattern: RegExp): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (pattern.test(`${String(code ?? '')} ${String(name ?? '')} ${String(message ?? '')}`)) return true;
  }
  return false;
}

const BUSY = /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i;

/** A server over the network (sqld, Turso): each request is its own stream, so a busy answer leaves nothing open. */
function remoteServer(): boolean {
  const { DATABASE_URL, DATABASE_SYNC_URL } = config();
  return !DATABASE_URL.startsWith('file:') && !DATABASE_SYNC_URL;
}

/**
 * The one rule for a failed database call: when the database was busy or gone, log it and, where
 * the handle itself may be stuck, drop it (see `discardDatabase`) so the next call opens a fresh
 * one. A remote server's handle is kept when it was only busy: closing it would fail every other
 * request in flight on it. True when the database was busy or gone.
 */
export function releaseIfUnavailable(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  console.error('[db] unavailable:', (error as Error).message);
  if (!(remoteServer() && causeMatches(error, BUSY))) discardDatabase();
  return true;
}

/**
 * One atomic write (a batch or a transaction) tried again, a few times with a short random pause,
 * when a remote server answered that the database was busy: a busy write changed nothing, so
 * trying it again cannot count anything twice. A local file waits for its lock instead (its busy
 * timeout), so there the first answer stands.
 */
export async function retryWhenBusy<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !remoteServer() || !causeMatches(error, BUSY)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));
    }
  }
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
