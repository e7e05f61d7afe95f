import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, createReadStream, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The backup folder's layout: per snapshot `guide-<UTC time>.db`, its `.db.sha256` (sha256sum's
 * format) and its manifest `.json`, written last, so a snapshot without a manifest is unfinished;
 * `uploads/<key>/` holds the photos, copied once by their content-hash names.
 */
export const SNAPSHOT_PREFIX = 'guide-';
const NAME = /^guide-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z\.json$/;

/** `guide-2026-11-26T234147.123Z`: sortable, and free of characters some file systems refuse. */
export function snapshotBaseName(takenAt: Date): string {
  const iso = takenAt.toISOString();
  return `${SNAPSHOT_PREFIX}${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 23)}Z`;
}

export interface SnapshotEntry {
  base: string;
  takenAt: Date;
}

/** The finished snapshots of a folder (those with a manifest), newest first. */
export function listSnapshots(dir: string): SnapshotEntry[] {
  if (!existsSync(dir)) return [];
  const entries: SnapshotEntry[] = [];
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, day, h, m, s, ms] = match;
    entries.push({ base: name.slice(0, -'.json'.length), takenAt: new Date(`${day}T${h}:${m}:${s}.${ms}Z`) });
  }
  return entries.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Which snapshots retention removes: everything except the newest `keepLatest`, and the newest
 * snapshot of each of the `keepDaily` most recent UTC days that have one.
 */
export function snapshotsToDelete(entries: SnapshotEntry[], keepLatest: number, keepDaily: number): SnapshotEntry[] {
  const newestFirst = [...entries].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set(newestFirst.slice(0, keepLatest).map((e) => e.base));
  const days = new Set<string>();
  for (const entry of newestFirst) {
    const day = entry.takenAt.toISOString().slice(0, 10);
    if (days.has(day)) continue;
    if (days.size >= keepDaily) break;
    days.add(day);
    keep.add(entry.base);
  }
  return newestFirst.filter((e) => !keep.has(e.base));
}

/** Deletes a snapshot: the manifest first, so a half-deleted one no longer counts as finished. */
export function deleteSnapshot(dir: string, base: string): void {
  for (const suffix of ['.json', '.db.sha256', '.db']) rmSync(join(dir, base + suffix), { force: true });
}

export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a small file under a temporary name, flushes it, and renames it into place. */
export function writeFileAtomically(path: string, text: string): void {
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  fsyncPath(temp);
  renameSync(temp, path);
}

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** `<hex>  <name>`, so `sha256sum -c` checks a snapshot too. */
export function checksumLine(sha256: string, fileName: string): string {
  return `${sha256}  ${fileName}\n`;
}

export function parseChecksumLine(text: string): string | null {
  return /^([0-9a-f]{64})\s/.exec(text.trim() + ' ')?.[1] ?? null;
}

/**
 * Copies every photo folder of `from` missing in `to` (content-hash names never change, so one
 * already there is the same photo): each into a temporary folder, flushed, then renamed into place.
 */
export function copyMissingPhotos(from: string, to: string): { copied: number; total: number } {
  if (!existsSync(from)) return { copied: 0, total: 0 };
  mkdirSync(to, { recursive: true });
  let copied = 0;
  let total = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    total++;
    const target = join(to, entry.name);
    if (existsSync(target)) continue;
    const temp = join(to, `.tmp-${entry.name}-${process.pid}`);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp);
    for (const file of readdirSync(join(from, entry.name))) {
      const source = join(from, entry.name, file);
      if (!statSync(source).isFile()) continue;
      copyFileSync(source, join(temp, file));
      fsyncPath(join(temp, file));
    }
    renameSync(temp, target);
    copied++;
  }
  if (copied) fsyncPath(to);
  return { copied, total };
}
