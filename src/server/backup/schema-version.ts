import Database from 'libsql';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '../../../db/migrate';

/** How far a database's schema is: the migrations applied to it (drizzle's `__drizzle_migrations`). */
export interface SchemaVersion {
  migrations: number;
  /** The newest applied migration's journal time (what drizzle's migrator compares), or null. */
  lastMigrationAt: number | null;
}

/** The migrations this code knows, oldest first. */
export function knownMigrations(folder = MIGRATIONS_FOLDER): { folderMillis: number; hash: string }[] {
  return readMigrationFiles({ migrationsFolder: folder }).map(({ folderMillis, hash }) => ({ folderMillis, hash }));
}

type Connection = InstanceType<typeof Database>;

export function schemaVersionOf(db: Connection): SchemaVersion {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) return { migrations: 0, lastMigrationAt: null };
  const row = db.prepare('SELECT count(*) AS n, max(created_at) AS last FROM __drizzle_migrations').get() as { n: number; last: number | string | null };
  return { migrations: Number(row.n), lastMigrationAt: row.last === null ? null : Number(row.last) };
}

/** Rows per table (drizzle's own bookkeeping and SQLite's included), by name. */
export function rowCounts(db: Connection): Record<string, number> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = Number((db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n);
  }
  return counts;
}

/** Why a database from a newer version of the code cannot be used by this one, or null when it can. */
export function newerSchemaProblem(version: SchemaVersion, known = knownMigrations()): string | null {
  const newest = known.at(-1)?.folderMillis ?? 0;
  if (version.migrations > known.length || (version.lastMigrationAt ?? 0) > newest) {
    return `it was made by a newer version of the site (${version.migrations} migrations applied, this code knows ${known.length}); restore it with that version`;
  }
  return null;
}

/** How many of the known migrations a database at `version` has not applied yet. */
export function pendingMigrations(version: SchemaVersion, known = knownMigrations()): number {
  const last = version.lastMigrationAt ?? -1;
  return known.filter((m) => m.folderMillis > last).length;
}
