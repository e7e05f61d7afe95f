import { createClient } from '@libsql/client';
import Database from 'libsql';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checksumLine, copyMissingPhotos, fsyncPath, sha256OfFile, snapshotBaseName, writeFileAtomically } from './files';
import { rowCounts, schemaVersionOf, type SchemaVersion } from './schema-version';

/** Where a snapshot is read from: the settings the server itself uses (DATABASE_URL and friends). */
export interface SnapshotSource {
  url: string;
  authToken?: string;
  syncUrl?: string;
}

export interface SnapshotManifest {
  format: 1;
  /** The snapshot's file name, next to this manifest. */
  file: string;
  /** When the snapshot's read began: every write acknowledged before it is in the file. */
  takenAt: string;
  finishedAt: string;
  sha256: string;
  sizeBytes: number;
  schema: SchemaVersion;
  tables: Record<string, number>;
  /** Through an embedded replica of a libSQL server, or straight from the file. */
  via: 'file' | 'replica';
  photos: { copied: number; total: number };
}

/** A `file:` URL's path, or null for a server (or an embedded replica, whose file belongs to its sync engine). */
export function localFileOf(source: SnapshotSource): string | null {
  if (!source.url.startsWith('file:') || source.syncUrl) return null;
  const path = source.url.slice('file:'.length).split('?')[0];
  return path && path !== ':memory:' ? path : null;
}

/**
 * A libSQL server is read through a fresh embedded replica in a temporary folder: it is synced to
 * the primary's latest frame, closed, and then read like any file (the replica's own client
 * refuses VACUUM).
 */
async function syncedReplica(source: SnapshotSource, workDir: string): Promise<string> {
  const path = join(workDir, 'replica.db');
  const client = createClient({ url: `file:${path}`, syncUrl: source.syncUrl ?? source.url, authToken: source.authToken });
  try {
    await client.sync();
  } finally {
    client.close();
  }
  return path;
}

/** Removes temporary files an interrupted snapshot left behind (older than an hour, so a running one is spared). */
function sweepLeftovers(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('.tmp-')) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Takes a consistent snapshot of the database while it serves and writes (`VACUUM INTO` reads one
 * transaction's view; writers carry on in WAL mode), then writes it atomically as
 * `guide-<UTC time>.db` with its checksum and manifest, and copies the photos not yet in the folder.
 */
export async function takeSnapshot(source: SnapshotSource, outDir: string, uploadDir: string | null, now: () => Date = () => new Date()): Promise<SnapshotManifest> {
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  sweepLeftovers(dir, now().getTime());
  const work = mkdtempSync(join(dir, '.tmp-'));
  try {
    const local = localFileOf(source);
    if (local && !existsSync(local)) throw new Error(`There is no database file at ${local}.`);
    // Taken before the replica syncs: every write acknowledged before this moment is in the snapshot.
    const takenAt = now();
    const readFrom = local ?? (await syncedReplica(source, work));
    const temp = join(work, 'snapshot.db');
    const reader = new Database(readFrom, { readonly: true, timeout: 5_000 });
    try {
      reader.prepare('VACUUM INTO ?').run(temp);
    } finally {
      reader.close();
    }
    fsyncPath(temp);

    const snapshot = new Database(temp, { readonly: true });
    let schema: SchemaVersion;
    let tables: Record<string, number>;
    try {
      schema = schemaVersionOf(snapshot);
      tables = rowCounts(snapshot);
    } finally {
      snapshot.close();
    }
    const base = snapshotBaseName(takenAt);
    const file = `${base}.db`;
    if (existsSync(join(dir, file))) throw new Error(`A snapshot named ${file} already exists.`);
    const sha256 = await sha256OfFile(temp);
    const sizeBytes = statSync(temp).size;
    renameSync(temp, join(dir, file));
    writeFileAtomically(join(dir, `${file}.sha256`), checksumLine(sha256, file));
    const photos = uploadDir ? copyMissingPhotos(uploadDir, join(dir, 'uploads')) : { copied: 0, total: 0 };
    const manifest: SnapshotManifest = {
      format: 1,
      file,
      takenAt: takenAt.toISOString(),
      finishedAt: now().toISOString(),
      sha256,
      sizeBytes,
      schema,
      tables,
      via: local ? 'file' : 'replica',
      photos,
    };
    // The manifest goes last: a snapshot is finished once it is there.
    writeFileAtomically(join(dir, `${base}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
    fsyncPath(dir);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A short random id for this process, naming the lease holder. */
export const processOwner = `${process.pid}-${randomBytes(4).toString('hex')}`;
