import Database from 'libsql';
import { createClient } from '@libsql/client';
import { existsSync } from 'node:fs';
import { pendingMigrations, schemaVersionOf, type SchemaVersion } from './schema-version';
import { localFileOf, takeSnapshot, type SnapshotManifest, type SnapshotSource } from './snapshot';

async function remoteSchemaVersion(source: SnapshotSource): Promise<SchemaVersion> {
  const client = createClient({ url: source.syncUrl ?? source.url, authToken: source.authToken });
  try {
    const table = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'");
    if (!table.rows.length) return { migrations: 0, lastMigrationAt: null };
    const row = (await client.execute('SELECT count(*) AS n, max(created_at) AS last FROM __drizzle_migrations')).rows[0]!;
    return { migrations: Number(row.n), lastMigrationAt: row.last === null ? null : Number(row.last) };
  } finally {
    client.close();
  }
}

/**
 * Before migrations change a database that already has a schema, a snapshot of it goes into
 * `dir`: an upgrade that goes wrong can always be undone with `npm run db:restore`. A new (empty)
 * database, or one with nothing to apply, gets none. Returns the snapshot's manifest, or null.
 */
export async function snapshotBeforeMigrating(source: SnapshotSource, dir: string, uploadDir: string | null): Promise<SnapshotManifest | null> {
  const local = localFileOf(source);
  let version: SchemaVersion;
  if (local) {
    if (!existsSync(local)) return null;
    const db = new Database(local, { readonly: true });
    try {
      version = schemaVersionOf(db);
    } finally {
      db.close();
    }
  } else {
    version = await remoteSchemaVersion(source);
  }
  if (version.migrations === 0 || pendingMigrations(version) === 0) return null;
  return takeSnapshot(source, dir, uploadDir);
}
