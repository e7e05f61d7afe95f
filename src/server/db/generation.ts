import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'libsql';
import { responseCache } from '../http/response-cache.mjs';
import { config } from '../config';
import { database } from './database';
import { addGroupsRead, addGroupsWritten } from './read-groups';

/**
 * Whether the data behind public responses is unchanged, as a stamp the shared response cache
 * compares (src/server/http/response-cache.mjs): the generation of each group of public data (the
 * rows of `data_generations`, raised by triggers on every write to a public table, by any writer)
 * and a local epoch. A kept response is compared on the groups it read only. How this process
 * learns of the generations:
 * - an embedded file: the rows are read on every request through a read-only connection of its own
 *   (a synchronous read of a few rows, a few microseconds), so any write, from any process, shows on
 *   the next request;
 * - a remote server or an embedded replica: the rows are read every POLL_MS (a quarter second), so
 *   another instance's write shows within a second. This process's own write marks the groups it
 *   raised unknown at once (see `noteWrite`) until the rows are read again, which starts at once:
 *   kept responses that read those groups are made again meanwhile, the others are still answered.
 *   A write whose groups cannot be told from its text (a transaction) marks the whole stamp
 *   unknown, and the next request waits for the rows.
 * Changes outside the database that pages show (the Stripe prices) raise the local epoch.
 */
export const POLL_MS = 250;

/** The generations of every group, and the epoch, at one moment. */
export interface Stamp {
  generations: Record<string, number>;
  epoch: number;
}

const READ_GENERATIONS = 'SELECT name, generation FROM data_generations';

let epoch = 0;
let generations: Record<string, number> | null = null;
/** When the rows were last read; a stamp older than STALE_AFTER_MS counts as unknown. */
let readAt = 0;
const STALE_AFTER_MS = 1_000;
let pending = true;
/** The number of this process's last write whose groups are unknown (a transaction): a read of the rows that started after it clears `pending`. */
let pendingWrite = 0;
/**
 * The groups this process's own writes raised since the rows were last read, each with the number
 * of the last such write: a read of the rows that started after that write clears it.
 */
const written = new Map<string, number>();
let writes = 0;
let refreshing: Promise<void> | null = null;
let mode: 'off' | 'file' | 'poll' = 'off';
/**
 * The stamp read from the file, at most once per turn of the event loop: every request a turn
 * handles arrived before the turn began reading (so a write finished before a request was sent is
 * seen by it), and this process's own writes clear it at once.
 */
let turnStamp: Stamp | null | undefined;

/** Something pages show changed outside the database: every kept response is stale. */
export function markChanged(): void {
  epoch++;
  turnStamp = undefined;
}

/**
 * This process wrote to the database: what the write's statements can have raised is unknown until
 * the rows are read again (everything, when the statements are not known). Writes to private
 * tables raise nothing, and a file's rows are read on every request anyway.
 */
export function noteWrite(statements?: readonly string[]): void {
  turnStamp = undefined;
  const groups = new Set<string>();
  if (!statements || !statements.every((sql) => addGroupsWritten(sql, groups))) {
    pending = true;
    pendingWrite = ++writes;
    if (mode === 'poll') void refresh();
    return;
  }
  if (groups.size === 0 || mode === 'file') return;
  writes++;
  for (const group of groups) written.set(group, writes);
  if (mode === 'poll') void refresh();
}

/** The groups the statements of a request being rendered for the shared cache read. */
const reading = new AsyncLocalStorage<Set<string>>();

/** Every statement this process sends passes here: within a tracked request, its groups are noted. */
export function noteStatement(sql: string): void {
  const into = reading.getStore();
  if (into) addGroupsRead(sql, into);
}

/** Runs `work` noting into `reads` the groups of data each statement it sends reads. */
export function trackingReads<T>(reads: Set<string> | undefined, work: () => Promise<T>): Promise<T> {
  return reads ? reading.run(reads, work) : work();
}

function asGenerations(rows: readonly unknown[]): Record<string, number> | null {
  const read: Record<string, number> = {};
  for (const row of rows as { name?: unknown; generation?: unknown }[]) {
    const value = row.generation;
    if (typeof row.name !== 'string' || (typeof value !== 'number' && typeof value !== 'bigint')) return null;
    read[row.name] = Number(value);
  }
  return rows.length > 0 ? read : null;
}

function fileOf(url: string): string | null {
  const { DATABASE_SYNC_URL } = config();
  if (!url.startsWith('file:') || DATABASE_SYNC_URL) return null;
  const path = url.slice('file:'.length).split('?')[0];
  return path && path !== ':memory:' ? path : null;
}

function readEveryRequest(path: string): void {
  let statement: { all: () => unknown[] } | null = null;
  const read = (): Stamp | null => {
    try {
      statement ??= new Database(path, { readonly: true }).prepare(READ_GENERATIONS);
      const read = asGenerations(statement.all());
      return read && { generations: read, epoch };
    } catch (error) {
      statement = null;
      console.error(`[cache] cannot read the data generations: ${(error as Error).message}`);
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

async function readRows(): Promise<void> {
  const started = Date.now();
  const after = writes;
  try {
    const db = await database();
    const result = await db.$client.execute(READ_GENERATIONS);
    generations = asGenerations(result.rows);
    readAt = started;
    // Only a read that began after a write can have seen what the write raised.
    if (pendingWrite <= after) pending = false;
    for (const [group, write] of written) if (write <= after) written.delete(group);
  } catch {
    // Unknown while the database cannot be read: nothing is answered from the cache meanwhile.
    generations = null;
  }
}

function refresh(): Promise<void> {
  refreshing ??= readRows().finally(() => {
    refreshing = null;
    // A write that finished while the rows were on their way: read them once more for it.
    if ((written.size > 0 || pending) && generations !== null) void refresh();
  });
  return refreshing;
}

/** The generations with every group this process raised since they were read as unknown (never equal to any). */
function withWritten(read: Record<string, number>): Record<string, number> {
  if (written.size === 0) return read;
  const generations = { ...read };
  for (const group of written.keys()) generations[group] = Number.NaN;
  return generations;
}

function pollRemote(): void {
  // A database that stopped answering leaves the stamp unknown after a second: another instance
  // might be writing to it still, and nothing stale is served longer than that.
  let last: Stamp | null = null;
  let lastRead: Record<string, number> | null = null;
  let lastWrites = -1;
  responseCache().stamp = () => {
    if (pending || generations === null || Date.now() - readAt > STALE_AFTER_MS) return null;
    const unknown = written.size > 0 ? writes : 0;
    if (lastRead !== generations || last?.epoch !== epoch || lastWrites !== unknown) {
      last = { generations: withWritten(generations), epoch };
      lastRead = generations;
      lastWrites = unknown;
    }
    return last;
  };
  responseCache().whenKnown = () => (pending || generations === null || Date.now() - readAt > STALE_AFTER_MS ? refresh() : Promise.resolve());
  setInterval(() => void refresh(), POLL_MS).unref();
}

/**
 * Starts following the data generations (once), and on a remote database reads them again if this
 * process wrote since. Called before a shareable request is rendered, so its stamp is current.
 */
export async function currentStamp(): Promise<Stamp | null> {
  const cache = responseCache();
  if (!cache.enabled) return null;
  if (mode === 'off') {
    const path = fileOf(config().DATABASE_URL);
    mode = path ? 'file' : 'poll';
    if (path) readEveryRequest(path);
    else pollRemote();
  }
  // Also while the first read is still on its way (a request beside the first one waits for it too).
  if (mode === 'poll' && (pending || generations === null)) await refresh();
  return cache.stamp();
}
