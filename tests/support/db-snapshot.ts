import { createClient, type Row } from '@libsql/client';

/**
 * Bookkeeping, not product data: Drizzle's migrations, the write limits' request counters (they
 * count every request by design) and the count of searches that found nothing (a well-formed search
 * for junk text is one, by design).
 */
const IGNORED_TABLES = new Set(['__drizzle_migrations', 'rate_limits', 'search_misses']);

function cell(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof ArrayBuffer) return `blob:${Buffer.from(value).toString('base64')}`;
  return value;
}

/**
 * Every row of every table of a database file, table by table, as one JSON text: two snapshots
 * are equal exactly when no row was added, removed or changed.
 */
export async function snapshotDatabase(databaseUrl: string): Promise<Record<string, string>> {
  const client = createClient({ url: databaseUrl });
  try {
    const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    const snapshot: Record<string, string> = {};
    for (const { name } of tables.rows as Row[]) {
      const table = String(name);
      if (IGNORED_TABLES.has(table)) continue;
      // SQLite adds a (table, 0) row to sqlite_sequence the first time an AUTOINCREMENT table sees
      // an INSERT, even one that inserts nothing (INSERT … SELECT of zero rows). Such a row consumes
      // no id and holds no data; a sequence that moved past 0 still shows as a change.
      const where = table === 'sqlite_sequence' ? ' WHERE seq <> 0' : '';
      const rows = await client.execute(`SELECT * FROM "${table.replaceAll('"', '""')}"${where} ORDER BY 1`);
      snapshot[table] = JSON.stringify(rows.rows.map((row) => rows.columns.map((_, i) => cell(row[i]))));
    }
    return snapshot;
  } finally {
    client.close();
  }
}

/** Names the tables whose rows differ between two snapshots, with a few of the rows that differ. */
export function describeSnapshotChanges(before: Record<string, string>, after: Record<string, string>): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  const rowsOf = (text: string | undefined) => (text ? (JSON.parse(text) as unknown[]).map((row) => JSON.stringify(row)) : []);
  for (const table of tables) {
    if (before[table] === after[table]) continue;
    const old = rowsOf(before[table]);
    const now = rowsOf(after[table]);
    const removed = old.filter((row) => !now.includes(row));
    const added = now.filter((row) => !old.includes(row));
    changes.push(
      `${table}: ${old.length} rows before, ${now.length} after` +
        removed
          .slice(0, 3)
          .map((row) => `\n  - ${row.slice(0, 300)}`)
          .join('') +
        added
          .slice(0, 3)
          .map((row) => `\n  + ${row.slice(0, 300)}`)
          .join(''),
    );
  }
  return changes;
}
