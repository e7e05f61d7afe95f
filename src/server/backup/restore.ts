import Database from 'libsql';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openDatabase, tuneFileDatabase } from '../../../db/client';
import { migrateDatabase } from '../../../db/migrate';
import { convertStoryBodies } from '../../../db/story-documents';
import { copyMissingPhotos, fsyncPath, parseChecksumLine, sha256OfFile } from './files';
import { newerSchemaProblem, rowCounts, schemaVersionOf, type SchemaVersion } from './schema-version';
import type { SnapshotManifest } from './snapshot';

/** A restore refused before anything was changed; the message says why and what to do. */
export class RestoreRefused extends Error {}

export interface VerifiedSnapshot {
  file: string;
  manifest: SnapshotManifest | null;
  schema: SchemaVersion;
}

/** Checks a snapshot before anything is touched: its checksum, SQLite's integrity check, and that this code knows its schema. */
export async function verifySnapshot(path: string): Promise<VerifiedSnapshot> {
  const file = resolve(path);
  if (!existsSync(file)) throw new RestoreRefused(`There is no snapshot at ${file}.`);
  const checksumFile = `${file}.sha256`;
  if (!existsSync(checksumFile)) throw new RestoreRefused(`${basename(file)} has no checksum file (${basename(checksumFile)}) next to it; it cannot be verified.`);
  const expected = parseChecksumLine(readFileSync(checksumFile, 'utf8'));
  const actual = await sha256OfFile(file);
  if (expected !== actual) throw new RestoreRefused(`${basename(file)} does not match its checksum (expected ${expected}, got ${actual}): the file is damaged.`);
  let schema: SchemaVersion;
  let integrity: string[];
  try {
    const db = new Database(file, { readonly: true });
    try {
      integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
      schema = schemaVersionOf(db);
    } finally {
      db.close();
    }
  } catch (error) {
    integrity = [(error as Error).message];
    schema = { migrations: 0, lastMigrationAt: null };
  }
  if (integrity.join() !== 'ok') throw new RestoreRefused(`${basename(file)} fails SQLite's integrity check: ${integrity.slice(0, 3).join('; ')}`);
  const newer = newerSchemaProblem(schema);
  if (newer) throw new RestoreRefused(`${basename(file)} cannot be restored: ${newer}.`);
  const manifestFile = file.replace(/\.db$/, '.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as SnapshotManifest) : null;
  return { file, manifest, schema };
}

/**
 * Whether another process has the database open. Every connection to a WAL database keeps a shared
 * lock on it while it is open, and SQLite switches a file out of WAL only for a connection that
 * is alone on it: the switch fails with "database is locked" while a server holds its connections.
 * When it succeeds the WAL has been written back into the file, so the file can be moved alone.
 * The site always runs its file in WAL mode (db/client.ts), which is what makes this reliable.
 */
function takeSoleAccess(path: string): void {
  const probe = new Database(path, { timeout: 200 });
  try {
    probe.pragma('journal_mode = DELETE');
  } catch (error) {
    if (/locked|busy/i.test((error as Error).message)) {
      throw new RestoreRefused(`${path} is in use (a server or another program has it open). Stop the server, then run the restore again.`);
    }
    throw error;
  } finally {
    probe.close();
  }
}

export interface RestoreReport {
  takenAt: string | null;
  restoredTo: string;
  /** Where the database that was there before is kept, or null when there was none. */
  keptAside: string | null;
  migrationsApplied: number;
  tables: Record<string, number>;
  photos: { copied: number; total: number };
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/**
 * Restores a verified snapshot into the database file `target`: the current file is renamed
 * aside (never overwritten), the snapshot copied in under a temporary name and renamed into place,
 * the migrations run forward, and the snapshot's photos missing from `uploadDir` copied back.
 */
export async function restoreSnapshot(snapshotPath: string, target: string, uploadDir: string | null, now: Date = new Date()): Promise<RestoreReport> {
  const verified = await verifySnapshot(snapshotPath);
  const path = resolve(target);
  let keptAside: string | null = null;
  if (existsSync(path)) {
    takeSoleAccess(path);
    keptAside = `${path}.before-restore-${stamp(now)}`;
    renameSync(path, keptAside);
  }
  mkdirSync(dirname(path), { recursive: true });
  for (const leftover of [`${path}-wal`, `${path}-shm`]) rmSync(leftover, { force: true });
  const temp = `${path}.restoring-${process.pid}`;
  copyFileSync(verified.file, temp);
  fsyncPath(temp);
  renameSync(temp, path);
  fsyncPath(dirname(path));

  const before = verified.schema.migrations;
  const db = openDatabase({ url: `file:${path}` });
  try {
    await tuneFileDatabase(db, `file:${path}`);
    await migrateDatabase(db);
    // As at start-up: Stories in old markup get their document, and every Story its plain text
    // (what search indexes), so the restored file is what `npm start` would make of it.
    await convertStoryBodies(db);
    // The snapshot was taken while its own run held the lease: that row belongs to the old
    // database's history, and no process holds it on this one.
    await db.$client.execute("DELETE FROM backup_runs WHERE status = 'running'");
  } finally {
    db.$client.close();
  }
  const restored = new Database(path, { readonly: true });
  let tables: Record<string, number>;
  let after: SchemaVersion;
  try {
    tables = rowCounts(restored);
    after = schemaVersionOf(restored);
  } finally {
    restored.close();
  }
  const photoFolder = join(dirname(verified.file), 'uploads');
  const photos = uploadDir ? copyMissingPhotos(photoFolder, uploadDir) : { copied: 0, total: 0 };
  return { takenAt: verified.manifest?.takenAt ?? null, restoredTo: path, keptAside, migrationsApplied: after.migrations - before, tables, photos };
}
