/**
 * Upgrades that never lose data. A database made by the oldest migration (0000 only), with rows in
 * every table of that schema, is upgraded by `npm start` to the newest schema and checked row by
 * row; `npm start` saved a snapshot of it first, and that snapshot restores and migrates forward.
 * Every pending migration runs in one transaction: a broken one leaves the database exactly as it
 * was. On a file, or with TEST_DATABASE=sqld on a real libSQL server.
 */
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import type { SnapshotManifest } from '../../src/server/backup/snapshot';
import { describeSnapshotChanges, snapshotDatabase } from '../support/db-snapshot';
import { OLDEST_SCHEMA_ROWS as FIXTURE, RENAMED_SINCE_OLDEST as RENAMED } from '../support/oldest-schema-rows';
import { runScript } from '../support/scripts';
import { TEST_ENGINE } from '../support/server';
import { startSqld, type Sqld } from '../support/sqld';
import { tempDatabaseFile } from '../support/temp-db';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'upgrades-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;

/** A migrations folder with the first `count` real migrations, plus `extra` ones (tag → SQL). */
function migrationsFolder(name: string, count: number, extra: Record<string, string> = {}): string {
  const folder = join(work, name);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  for (const [tag, sql] of Object.entries(extra)) {
    entries.push({ ...entries.at(-1)!, idx: entries.length, when: entries.at(-1)!.when + 1000, tag });
    writeFileSync(join(folder, `${tag}.sql`), sql);
  }
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A database at migration 0000 filled with FIXTURE: a fresh file, or a fresh sqld. */
async function fixtureDatabase(): Promise<{ url: string; client: Client }> {
  let url: string;
  if (TEST_ENGINE === 'sqld') {
    const sqld: Sqld = await startSqld();
    cleanups.push(() => sqld.stop());
    url = sqld.url;
  } else {
    const file = tempDatabaseFile('upgrade-');
    cleanups.push(() => file.remove());
    url = file.url;
  }
  const client = createClient({ url });
  cleanups.push(() => client.close());
  if (url.startsWith('file:')) await client.execute('PRAGMA journal_mode = WAL');
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder(`oldest-${cleanups.length}`, 1) });
  const tables = (
    await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND name <> 'sqlite_sequence' ORDER BY name")
  ).rows;
  // The fixture covers every table of the oldest schema.
  expect(tables.map((r) => r.name)).toEqual(Object.keys(FIXTURE).sort());
  for (const [table, rows] of Object.entries(FIXTURE)) {
    for (const row of rows) {
      const columns = Object.keys(row);
      await client.execute({ sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, args: Object.values(row) as never });
    }
  }
  return { url, client };
}

/** Runs `npm start`'s script until it serves (then stops it), or until it exits by itself. */
function runStart(env: Record<string, string>): Promise<{ code: number | null; output: string; served: boolean }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let served = false;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!served && /running at http:\/\/\S+/.test(output)) {
        served = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => ok({ code, output, served }));
  });
}

/**
 * Values a start-up step rewrites on purpose: a Story stored as light markup is converted once to
 * the editor's document, and its `content` becomes the HTML rendered from it (the same text).
 */
const DERIVED: Record<string, (value: unknown) => unknown> = {
  'blog_posts.content': (value) => `<p>${String(value)}</p>`,
};

describe(`upgrading a database from the oldest migration (${TEST_ENGINE})`, () => {
  it('npm start saves a snapshot, then migrates to the newest schema keeping every row and value', async () => {
    const { url, client } = await fixtureDatabase();
    const backupDir = join(work, 'before-migrate');
    const started = await runStart({ DATABASE_URL: url, BACKUP_DIR: backupDir, UPLOAD_DIR: join(work, 'uploads') });
    expect(started.output).toMatch(new RegExp(`Saved a snapshot before migrating: ${backupDir}/guide-[\\dT.Z-]+\\.db`));
    expect(started.served).toBe(true);
    expect(started.code).toBe(0);

    const applied = (await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n;
    expect(Number(applied)).toBe(journal.entries.length);
    for (const [table, rows] of Object.entries(FIXTURE)) {
      const now = RENAMED[table] ?? table;
      expect(Number((await client.execute(`SELECT count(*) AS n FROM ${now}`)).rows[0]!.n), now).toBe(rows.length);
      for (const row of rows) {
        const [upgraded] = (await client.execute({ sql: `SELECT * FROM ${now} WHERE id = ?`, args: [row.id as number] })).rows;
        expect(upgraded, `${now} ${String(row.id)}`).toBeDefined();
        for (const [column, value] of Object.entries(row)) {
          const expected = DERIVED[`${now}.${column}`]?.(value) ?? value;
          expect(upgraded![column], `${now}.${column} of row ${String(row.id)}`).toEqual(expected);
        }
      }
    }
    // A Story's text is kept as the editor's document, with the same words: one paragraph here.
    expect(JSON.parse(String((await client.execute('SELECT doc FROM blog_posts WHERE id = 1')).rows[0]!.doc))).toMatchObject({ type: 'doc' });
    // What the later migrations derive from the old rows: every spot gets a slug its page accepts
    // (a name with "é" keeps it in 0010's SQL, so 0019_readable_spot_slugs gives that spot spot-<id>).
    expect((await client.execute('SELECT id, slug FROM spots ORDER BY id')).rows.map((r) => [r.id, r.slug])).toEqual([
      [1, 'spot-1'],
      [2, 'pinnacle-peak'],
    ]);
    expect((await client.execute('SELECT id, confirmed_at FROM newsletter_subscribers ORDER BY id')).rows.map((r) => [r.id, r.confirmed_at])).toEqual([
      [1, 1700000000000],
      [2, null],
    ]);

    // The snapshot is the database as it was before: one migration, the fixture's rows.
    const [manifestName] = readdirSync(backupDir).filter((name) => name.endsWith('.json'));
    const manifest = JSON.parse(readFileSync(join(backupDir, manifestName!), 'utf8')) as SnapshotManifest;
    expect(manifest.schema.migrations).toBe(1);
    for (const [table, rows] of Object.entries(FIXTURE)) expect(manifest.tables[table], table).toBe(rows.length);

    // Restored, it is migrated forward to the same rows.
    const restored = tempDatabaseFile('restored-old-');
    cleanups.push(() => restored.remove());
    const restore = await runScript('restore.ts', [join(backupDir, manifest.file)], { DATABASE_URL: restored.url, UPLOAD_DIR: join(work, 'uploads') });
    expect(restore.output).toContain(`Migrations applied after restoring: ${journal.entries.length - 1}.`);
    expect(restore.code).toBe(0);
    const ignore = new Set(['backup_runs', 'app_secrets', 'data_generation', 'sqlite_sequence']);
    const mine = await snapshotDatabase(url);
    const theirs = await snapshotDatabase(restored.url);
    for (const table of Object.keys(mine).filter((t) => !ignore.has(t))) expect(theirs[table], table).toBe(mine[table]);

    // Started again on the newest schema: nothing to apply, no snapshot.
    const again = await runScript('migrate.ts', [], { DATABASE_URL: url, BACKUP_DIR: backupDir });
    expect(again.output).not.toContain('Saved a snapshot');
    expect(again.code).toBe(0);
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });

  it('a migration that fails leaves the database exactly as it was, with none of the pending ones applied', async () => {
    const { url, client } = await fixtureDatabase();
    const broken = migrationsFolder('broken', journal.entries.length, {
      '9999_broken': [
        'CREATE TABLE `broken_probe` (`x` integer);',
        "UPDATE `spots` SET `name` = 'renamed by a broken migration';",
        'INSERT INTO `no_such_table` VALUES (1);',
      ].join('--> statement-breakpoint\n'),
    });
    const before = await snapshotDatabase(url);
    const schemaOf = async () => (await client.execute('SELECT type, name, sql FROM sqlite_master ORDER BY type, name')).rows.map((r) => JSON.stringify(r));
    const schemaBefore = await schemaOf();

    await expect(migrate(drizzle(client), { migrationsFolder: broken })).rejects.toThrow(/no such table: no_such_table/);

    expect(describeSnapshotChanges(before, await snapshotDatabase(url))).toEqual([]);
    expect(await schemaOf()).toEqual(schemaBefore);
    expect(Number((await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n)).toBe(1);
    // The same folder without the broken one still upgrades it.
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    expect(Number((await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n)).toBe(journal.entries.length);
  });
});
