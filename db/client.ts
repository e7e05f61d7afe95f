import { createClient, type Client, type InArgs, type InStatement, type Transaction, type TransactionMode } from '@libsql/client';
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
  /** How long one HTTP request to a remote database may take before it fails. */
  requestTimeoutMs?: number;
  /**
   * Called after each statement, batch or transaction that may have written (committed or not),
   * with the text of its statements that may have written; without it when they are not known
   * (a transaction, a migration, several statements in one text).
   */
  onWrite?: (statements?: readonly string[]) => void;
  /** Called with the text of each statement sent on its own or in a batch, before it runs. */
  onStatement?: (sql: string) => void;
}

/** An embedded replica pulls the primary's changes this often (seconds); its own writes it sees at once. */
export const REPLICA_SYNC_SECONDS = 5;

/** Makes the parent folder of a `file:` database so a fresh checkout can start. */
function ensureFileFolder(url: string): void {
  if (!url.startsWith('file:')) return;
  const path = url.slice('file:'.length).split('?')[0];
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
}

/**
 * The driver waits for a lock synchronously, which stalls every request of the process, so the
 * wait is kept short: a longer lock is answered with 503 and the visitor can retry.
 */
const BUSY_TIMEOUT_MS = 1_500;

/**
 * A remote server that accepts the connection but never answers would otherwise hold a request
 * for minutes (the HTTP client's own header timeout): past this bound the query fails and the
 * visitor gets a 503 to retry.
 */
export const REMOTE_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Requests to a remote server ask for uncompressed answers: a libSQL server gzips its JSON, and
 * unzipping every answer took about a third of the app's CPU on reads from a server on the same
 * network (rows are a few KB to a few dozen; the link is not what limits).
 */
function fetchWithin(ms: number) {
  return (request: Request) => {
    request.headers.set('accept-encoding', 'identity');
    return fetch(request, { signal: AbortSignal.timeout(ms) });
  };
}

export function openDatabase(options: DatabaseOptions): Database {
  ensureFileFolder(options.url);
  const client = createClient({
    url: options.url,
    authToken: options.authToken,
    syncUrl: options.syncUrl,
    syncInterval: options.syncUrl ? REPLICA_SYNC_SECONDS : undefined,
    // Busy timeout of every pooled connection to a file: brief lock contention waits instead of failing.
    timeout: BUSY_TIMEOUT_MS,
    // libsql: and http(s): URLs go through fetch; file: URLs never do.
    fetch: fetchWithin(options.requestTimeoutMs ?? REMOTE_REQUEST_TIMEOUT_MS),
  });
  if (options.onStatement) reportStatements(client, options.onStatement);
  if (options.onWrite) reportWrites(client, options.onWrite);
  return drizzle(client, { schema });
}

const READ_ONLY = /^\s*(select|pragma\s+\w+\s*;?\s*$|explain)\b/i;
const sqlOf = (statement: InStatement) => (typeof statement === 'string' ? statement : statement.sql);
/** A batch's statement may also be given as [sql, args]. */
const textOf = (statement: InStatement | [string, InArgs?]) => (Array.isArray(statement) ? String(statement[0]) : sqlOf(statement));

/** Tells `onStatement` the text of every statement, so a caller can tell which tables a request read. */
function reportStatements(client: Client, onStatement: (sql: string) => void): void {
  const { execute, batch } = client;
  client.execute = ((statement: InStatement, args?: InArgs) => {
    onStatement(sqlOf(statement));
    return execute.call(client, statement as never, args as never);
  }) as Client['execute'];
  client.batch = (statements, mode) => {
    for (const statement of statements) onStatement(textOf(statement as InStatement));
    return batch.call(client, statements, mode);
  };
}

/** Tells `onWrite` after anything that may have changed data has finished (committed or not). */
function reportWrites(client: Client, onWrite: (statements?: readonly string[]) => void): void {
  /** `written`: the statements that may have written, none (false), or not known (undefined). */
  const after = <T>(work: Promise<T>, written: readonly string[] | false | undefined): Promise<T> => (written === false ? work : work.finally(() => onWrite(written)));
  const writesOf = (texts: string[]) => {
    const writes = texts.filter((text) => !READ_ONLY.test(text));
    return writes.length > 0 ? writes : false;
  };
  const { execute, batch, executeMultiple, migrate, transaction } = client;
  client.execute = ((statement: InStatement, args?: InArgs) =>
    after(execute.call(client, statement as never, args as never), writesOf([sqlOf(statement)]))) as Client['execute'];
  client.batch = (statements, mode) => after(batch.call(client, statements, mode), writesOf(statements.map((statement) => textOf(statement as InStatement))));
  client.executeMultiple = (sql) => after(executeMultiple.call(client, sql), undefined);
  client.migrate = (statements) => after(migrate.call(client, statements), undefined);
  client.transaction = (async (mode?: TransactionMode) => {
    const tx = await (transaction as (mode?: TransactionMode) => Promise<Transaction>).call(client, mode);
    const { commit, close } = tx;
    tx.commit = () => after(commit.call(tx), undefined);
    tx.close = () => {
      close.call(tx);
      onWrite();
    };
    return tx;
  }) as Client['transaction'];
}

/**
 * An embedded file database runs in WAL mode (a setting stored in the file): readers never wait
 * for the writer, and an acknowledged write survives a crash of the process. libSQL enforces
 * foreign keys on every connection by default.
 */
export async function tuneFileDatabase(db: Database, url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  await db.$client.execute('PRAGMA journal_mode = WAL');
}
