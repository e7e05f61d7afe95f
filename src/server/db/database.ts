import { openDatabase, tuneFileDatabase, type Database } from '../../../db/client';
import { config } from '../config';
import { noteStatement, noteWrite } from './generation';

interface Handle {
  db: Database;
  ready: Promise<void>;
}

/**
 * The process's one handle, kept on `globalThis`: Astro's bundle and each task compiled beside it
 * (dist/tasks/: the Story scheduler runs in every server) carry their own copy of this module, and
 * each copy would otherwise open a client of its own. On an embedded replica that breaks the file:
 * every client of a replica runs its own sync engine, and two engines pull the same frames from the
 * primary into the one file ("database disk image is malformed", then every write fails). Each
 * copy adds its own hooks, so a write made through any copy reaches the generations every copy follows.
 */
interface Shared {
  instance: Handle | undefined;
  onWrite: Set<(statements?: readonly string[]) => void>;
  onStatement: Set<(sql: string) => void>;
}
const SHARED = Symbol.for('scottsdale.database');
const shared = ((globalThis as Record<symbol, Shared | undefined>)[SHARED] ??= { instance: undefined, onWrite: new Set(), onStatement: new Set() });
shared.onWrite.add(noteWrite);
shared.onStatement.add(noteStatement);

function open(): Handle {
  const { DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL, DATABASE_TIMEOUT_MS } = config();
  const db = openDatabase({
    url: DATABASE_URL,
    authToken: DATABASE_AUTH_TOKEN,
    syncUrl: DATABASE_SYNC_URL,
    requestTimeoutMs: DATABASE_TIMEOUT_MS,
    onWrite: (statements) => shared.onWrite.forEach((hook) => hook(statements)),
    onStatement: (sql) => shared.onStatement.forEach((hook) => hook(sql)),
  });
  // An embedded replica's file belongs to its sync engine (it keeps its own journal): it is filled
  // from the primary before the first request, then pulls changes every few seconds (REPLICA_SYNC_SECONDS in db/client.ts).
  const ready = DATABASE_SYNC_URL ? db.$client.sync().then(() => undefined) : tuneFileDatabase(db, DATABASE_URL);
  return { db, ready };
}

/** The process-wide database handle, opened on first use. */
export async function database(): Promise<Database> {
  const handle = (shared.instance ??= open());
  try {
    await handle.ready;
  } catch (error) {
    if (shared.instance === handle) discardDatabase();
    throw error;
  }
  return handle.db;
}

/**
 * Drops the handle after the database was busy or unreachable. A statement that failed with
 * SQLITE_BUSY can leave its connection inside a transaction that never commits, so later writes
 * would be acknowledged but lost; closing the connections rolls that back, and the next request
 * opens fresh ones.
 */
export function discardDatabase(): void {
  const stale = shared.instance;
  shared.instance = undefined;
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
/** The connection itself failed (not a request on it): a fresh handle is worth opening. */
const CONNECTION_LOST = /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|fetch failed/i;

/** A server over the network (sqld, Turso): each request is its own stream, so a busy answer leaves nothing open. */
function remoteServer(): boolean {
  const { DATABASE_URL, DATABASE_SYNC_URL } = config();
  return !DATABASE_URL.startsWith('file:') && !DATABASE_SYNC_URL;
}

/**
 * The one rule for a failed database call: when the database was busy or gone, log it and, where
 * the handle itself may be stuck, drop it (see `discardDatabase`) so the next call opens a fresh
 * one. A local file's handle is always dropped (a busy statement can leave its connection in a
 * transaction); a remote server's only when the connection was lost: each of its requests stands
 * alone, and closing the handle would fail every other request in flight on it. True when the
 * database was busy or gone.
 */
export function releaseIfUnavailable(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  console.error('[db] unavailable:', (error as Error).message);
  if (!remoteServer() || causeMatches(error, CONNECTION_LOST)) discardDatabase();
  return true;
}

let remoteWrites: Promise<unknown> = Promise.resolve();

/** A remote server writes one transaction at a time anyway: this process sends its writes in turn, not all at once. */
function inTurn<T>(write: () => Promise<T>): Promise<T> {
  const turn = remoteWrites.then(write, write);
  remoteWrites = turn.catch(() => undefined);
  return turn;
}

/**
 * One atomic write (a batch or a transaction). On a remote server this process sends such writes
 * in turn (500 at once would queue as busy answers and timeouts on the server), and one that still
 * finds the database busy (another instance was writing) is tried again a few times after a short
 * random pause: a busy write changed nothing, so trying it again cannot count anything twice. A
 * local file waits for its lock instead (its busy timeout), so there the first answer stands.
 */
export async function writeAtomically<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  if (!remoteServer()) return write();
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTurn(write);
    } catch (error) {
      if (attempt >= attempts || !causeMatches(error, BUSY)) throw error;
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
