/**
 * `npm run db:backup` and `npm run db:restore` by hand: the current database is kept aside, never
 * overwritten; a damaged file, a file that fails SQLite's integrity check and one from a newer
 * schema are refused before anything changes; a backup that fails is logged loudly and recorded.
 * With TEST_DATABASE=sqld the backups are taken from a real libSQL server through an embedded replica.
 */
import { createClient } from '@libsql/client';
import Database from 'libsql';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../db/prepare';
import { backupStatusOf } from '../../src/server/backup/ledger';
import { knownMigrations } from '../../src/server/backup/schema-version';
import type { SnapshotManifest } from '../../src/server/backup/snapshot';
import { runScript, runSqlElsewhere } from '../support/scripts';
import { TEST_ENGINE } from '../support/server';
import { startSqld, type Sqld } from '../support/sqld';
import { tempDatabaseFile } from '../support/temp-db';

const work = mkdtempSync(join(tmpdir(), 'restore-'));
const backups = join(work, 'backups');
const photos = join(work, 'uploads');
let sqld: Sqld | null = null;
let sourceUrl: string;
let manifest: SnapshotManifest;
let snapshot: string;

beforeAll(async () => {
  sqld = TEST_ENGINE === 'sqld' ? await startSqld() : null;
  sourceUrl = sqld?.url ?? `file:${join(work, 'app.db')}`;
  await prepareDatabase({ url: sourceUrl });
  // One uploaded photo, stored as the uploads service does: a folder named by its content hash.
  mkdirSync(join(photos, 'a1b2c3d4e5f6'), { recursive: true });
  writeFileSync(join(photos, 'a1b2c3d4e5f6', '480.jpg'), 'jpeg bytes');
});
afterAll(async () => {
  await sqld?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** A copy of the snapshot (with its checksum and manifest) in a folder of its own, to damage. */
function copyOfSnapshot(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  const file = join(dir, manifest.file);
  for (const suffix of ['', '.sha256']) copyFileSync(snapshot + suffix, file + suffix);
  return file;
}

async function rewriteChecksum(file: string): Promise<void> {
  const { sha256OfFile, checksumLine } = await import('../../src/server/backup/files');
  writeFileSync(`${file}.sha256`, checksumLine(await sha256OfFile(file), manifest.file));
}

describe('npm run db:backup', () => {
  it('writes one snapshot named by its UTC time, its checksum, its manifest and the photos', async () => {
    const { code, output } = await runScript('backup.ts', ['--out', backups], { DATABASE_URL: sourceUrl, UPLOAD_DIR: photos });
    expect(output).toContain('Photos: 1 new, 1 in the backup folder.');
    expect(code).toBe(0);
    const names = readdirSync(backups).sort();
    expect(names).toHaveLength(4);
    const base = names[0]!.replace(/\.db$/, '');
    expect(names).toEqual([`${base}.db`, `${base}.db.sha256`, `${base}.json`, 'uploads']);
    manifest = JSON.parse(readFileSync(join(backups, `${base}.json`), 'utf8')) as SnapshotManifest;
    snapshot = join(backups, manifest.file);
    expect(output).toContain(`Backed up ${sourceUrl} at ${manifest.takenAt} to ${backups}/${manifest.file} (${manifest.sizeBytes} bytes, sha256 ${manifest.sha256}).`);
    expect(manifest).toMatchObject({ format: 1, via: TEST_ENGINE === 'sqld' ? 'replica' : 'file', photos: { copied: 1, total: 1 } });
    expect(manifest.schema.migrations).toBe(knownMigrations().length);
    expect(manifest.tables).toMatchObject({ spots: 47, blog_posts: 10, events: 35, places: 52, newsletter_subscribers: 5 });
    expect(readFileSync(join(backups, 'uploads/a1b2c3d4e5f6/480.jpg'), 'utf8')).toBe('jpeg bytes');

    // A second backup copies no photo again.
    const again = await runScript('backup.ts', ['--out', backups], { DATABASE_URL: sourceUrl, UPLOAD_DIR: photos });
    expect(again.output).toContain('Photos: 0 new, 1 in the backup folder.');
    const client = createClient({ url: sourceUrl });
    try {
      const status = await backupStatusOf(client);
      expect(status.lastSuccess?.file).toMatch(/^guide-.*\.db$/);
      expect(status.lastFailure).toBeNull();
    } finally {
      client.close();
    }
  });

  it('a backup that cannot be written is logged loudly, recorded as an error, and exits 1', async () => {
    const notAFolder = join(work, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    const { code, output } = await runScript('backup.ts', ['--out', notAFolder], { DATABASE_URL: sourceUrl, UPLOAD_DIR: photos });
    expect(output).toMatch(/\[backup\] BACKUP FAILED: .*(EEXIST|ENOTDIR).* \(folder .*a-file\)/);
    expect(code).toBe(1);
    const client = createClient({ url: sourceUrl });
    try {
      const status = await backupStatusOf(client);
      expect(status.lastFailure?.error).toMatch(/EEXIST|ENOTDIR/);
      expect(status.lastSuccess).not.toBeNull();
      expect(status.running).toBe(false);
    } finally {
      client.close();
    }
  });
});

describe('npm run db:restore', () => {
  const target = tempDatabaseFile('restore-target-');
  const restoredPhotos = join(work, 'restored-uploads');
  afterAll(() => target.remove());

  it('keeps the current database aside, restores the snapshot, and brings back the photos', async () => {
    // Made by another process: this one must not hold the file open when the restore looks for users of it.
    expect((await runScript('seed.ts', [], { DATABASE_URL: target.url })).code).toBe(0);
    const wrote = await runSqlElsewhere(target.path, "INSERT INTO newsletter_subscribers (email, is_active, created_at) VALUES ('after.the.backup@example.com', 1, 0)");
    expect(wrote).toEqual({ code: 0, output: '' });

    const { code, output } = await runScript('restore.ts', [snapshot], { DATABASE_URL: target.url, UPLOAD_DIR: restoredPhotos });
    expect(output).toContain(`Restored the snapshot taken at ${manifest.takenAt} into ${target.path}.`);
    expect(output).toMatch(/The database that was there is kept as .*app\.db\.before-restore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\./);
    expect(output).toContain('Photos: 1 copied back, 1 in the backup.');
    expect(code).toBe(0);

    const aside = join(
      target.path,
      '..',
      readdirSync(join(target.path, '..')).find((name) => name.includes('.before-restore-'))!,
    );
    const kept = new Database(aside, { readonly: true });
    const restored = new Database(target.path, { readonly: true });
    try {
      const email = "SELECT count(*) AS n FROM newsletter_subscribers WHERE email = 'after.the.backup@example.com'";
      expect(kept.prepare(email).get()).toMatchObject({ n: 1 });
      expect(restored.prepare(email).get()).toMatchObject({ n: 0 });
      expect(restored.prepare('SELECT count(*) AS n FROM spots').get()).toMatchObject({ n: 47 });
    } finally {
      kept.close();
      restored.close();
    }
    expect(existsSync(`${aside}-wal`)).toBe(false);
    expect(readFileSync(join(restoredPhotos, 'a1b2c3d4e5f6/480.jpg'), 'utf8')).toBe('jpeg bytes');
  });

  it('refuses a damaged file, a file that fails the integrity check and one from a newer schema, and changes nothing', async () => {
    const damaged = copyOfSnapshot('damaged');
    const bytes = readFileSync(damaged);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 0xff, bytes.length - 100);
    writeFileSync(damaged, bytes);

    const corrupt = copyOfSnapshot('corrupt');
    const pages = readFileSync(corrupt);
    // Page 2 onwards overwritten, with a checksum that matches the damage: only SQLite's own check can tell.
    pages.fill(0x5a, 4096, 4096 * 3);
    writeFileSync(corrupt, pages);
    await rewriteChecksum(corrupt);

    const newer = copyOfSnapshot('newer');
    const db = new Database(newer);
    const known = knownMigrations();
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-a-later-release', known.at(-1)!.folderMillis + 1);
    db.close();
    await rewriteChecksum(newer);

    const before = readFileSync(target.path);
    const expectations: [string, RegExp][] = [
      [damaged, /^Restore refused: guide-.*\.db does not match its checksum \(expected [0-9a-f]{64}, got [0-9a-f]{64}\): the file is damaged\.$/m],
      [corrupt, /^Restore refused: guide-.*\.db fails SQLite's integrity check: /m],
      [
        newer,
        new RegExp(
          `^Restore refused: guide-.*\\.db cannot be restored: it was made by a newer version of the site \\(${known.length + 1} migrations applied, this code knows ${known.length}\\); restore it with that version\\.$`,
          'm',
        ),
      ],
    ];
    for (const [file, message] of expectations) {
      const { code, output } = await runScript('restore.ts', [file], { DATABASE_URL: target.url, UPLOAD_DIR: restoredPhotos });
      expect(output).toMatch(message);
      expect(code).toBe(1);
    }
    expect(readFileSync(target.path).equals(before)).toBe(true);
    expect(readdirSync(join(target.path, '..')).filter((name) => name.includes('.before-restore-'))).toHaveLength(1);
  });

  it('restores only into an embedded file', async () => {
    const { code, output } = await runScript('restore.ts', [snapshot], { DATABASE_URL: 'http://127.0.0.1:1' });
    expect(output).toContain('Restore refused: db:restore restores into an embedded database file (DATABASE_URL=file:…, without DATABASE_SYNC_URL).');
    expect(code).toBe(1);
  });
});
