import Database from 'libsql';
import { responseCache } from '../http/response-cache.mjs';
import { config } from '../config';
import { database } from './database';

/**
 * Whether the data behind public responses is unchanged, as one stamp the shared response cache
 * compares (src/server/http/response-cache.mjs). The database's `data_generation` row is raised by
 * triggers on every write to a public table, by any writer. How this process learns of it:
 * - an embedded file: the row is read on every request through a read-only connection of its own
 *   (a synchronous read of one row, a few microseconds), so any write, from any process, shows on
 *   the next request;
 * - a remote server or an embedded replica: the row is read every POLL_MS (a quarter second), so another instance's
 *   write shows within a second; this process's own writes mark the stamp unknown at once (see
 *   `noteWrite`), and the next request reads the row again before it is answered.
 * Changes outside the database that pages show (the Stripe prices) raise a local epoch.
 */
export const POLL_MS = 250;

let epoch = 0;
let generation: number | null = null;
/** When the row was last read; a stamp older than STALE_AFTER_MS counts as unknown. */
let readAt = 0;
const STALE_AFTER_MS = 1_000;
let pending = true;
let refreshing: Promise<void> | null = null;
let mode: 'off' | 'file' | 'poll' = 'off';
/**
 * The stamp read from the file, at most once per turn of the event loop: every request a turn
 * handles arrived before the turn began reading (so a write finished before a request was sent is
 * seen by it), and this process's own writes clear it at once.
 */
let turnStamp: string | null | undefined;

/** Something pages show changed outside the database: every kept response is stale. */
export function markChanged(): void {
  epoch++;
  turnStamp = undefined;
}

/** This process wrote to the database: the stamp is unknown until the row is read again. */
export function noteWrite(): void {
  pending = true;
  turnStamp = undefined;
}

function fileOf(url: string): string | null {
  const { DATABASE_SYNC_URL } = config();
  if (!url.startsWith('file:') || DATABASE_SYNC_URL) return null;
  const path = url.slice('file:'.length).split('?')[0];
  return path && path !== ':memory:' ? path : null;
}

function readEveryRequest(path: string): void {
  let statement: { get: () => unknown } | null = null;
  const read = (): string | null => {
    try {
      statement ??= new Database(path, { readonly: true }).prepare('SELECT generation FROM data_generation WHERE id = 1');
      const row = statement.get() as { generation?: number } | undefined;
      return typeof row?.generation === 'number' ? `${row.generation}:${epoch}` : null;
    } catch (error) {
      statement = null;
      console.error(`[cache] cannot read the data generation: ${(error as Error).message}`);
      return null;
    }
  };
  responseCache().stamp = () => {
    if (turnStamp !== undefined) return turnStamp;
    turnStamp = read();
    setImmediate(() => (turnStamp = undefined));
    return turnStamp;
  };
}

async function readRow(): Promise<void> {
  pending = false;
  const started = Date.now();
  try {
    const db = await database();
    const result = await db.$client.execute('SELECT generation FROM data_generation WHERE id = 1');
    const value = result.rows[0]?.generation;
    generation = typeof value === 'number' || typeof value === 'bigint' ? Number(value) : null;
    readAt = started;
  } catch {
    // Unknown while the database cannot be read: nothing is answered from the cache meanwhile.
    generation = null;
  }
}

function refresh(): Promise<void> {
  refreshing ??= readRow().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function pollRemote(): void {
  // A database that stopped answering leaves the stamp unknown after a second: another instance
  // might be writing to it still, and nothing stale is served longer than that.
  responseCache().stamp = () => (pending || generation === null || Date.now() - readAt > STALE_AFTER_MS ? null : `${generation}:${epoch}`);
  setInterval(() => void refresh(), POLL_MS).unref();
}

/**
 * Starts following the data generation (once), and on a remote database reads it again if this
 * process wrote since. Called before a shareable request is rendered, so its stamp is current.
 */
export async function currentStamp(): Promise<string | null> {
  const cache = responseCache();
  if (!cache.enabled) return null;
  if (mode === 'off') {
    const path = fileOf(config().DATABASE_URL);
    mode = path ? 'file' : 'poll';
    if (path) readEveryRequest(path);
    else pollRemote();
  }
  if (mode === 'poll' && pending) await refresh();
  return cache.stamp();
}
