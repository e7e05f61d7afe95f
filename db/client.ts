import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

export interface DatabaseOptions {
  url: string;
  authToken?: string;
  /** Local replica file for a remote primary (Turso embedded replicas). */
  syncUrl?: string;
}

/** Makes the parent folder of a `file:` database so a fresh checkout can start. */
function ensureFileFolder(url: string): void {
  if (!url.startsWith('file:')) return;
  const path = url.slice('file:'.length).split('?')[0];
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
}

export function openDatabase(options: DatabaseOptions): Database {
  ensureFileFolder(options.url);
  const client = options.syncUrl
    ? createClient({ url: options.url, syncUrl: options.syncUrl, authToken: options.authToken })
    : createClient({ url: options.url, authToken: options.authToken });
  return drizzle(client, { schema });
}

/**
 * Settings for an embedded file database: WAL so readers never wait for the writer and an
 * acknowledged write survives a crash; a busy timeout so brief lock contention waits instead
 * of failing; foreign keys enforced.
 */
export async function tuneFileDatabase(db: Database, url: string): Promise<void> {
  await db.$client.execute('PRAGMA foreign_keys = ON');
  if (!url.startsWith('file:')) return;
  await db.$client.execute('PRAGMA busy_timeout = 5000');
  await db.$client.execute('PRAGMA journal_mode = WAL');
  await db.$client.execute('PRAGMA synchronous = NORMAL');
}
