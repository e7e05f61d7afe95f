/**
 * Verified restores: acknowledged writes (loves, views, newsletter sign-ups, a paid subscription
 * through the Stripe fake) stream into a running built server while it takes its own snapshots
 * every second; the latest snapshot is restored with `npm run db:restore` into a fresh file, which
 * must pass SQLite's integrity check, hold every write acknowledged before the snapshot began, and
 * serve the site. With TEST_DATABASE=sqld the server runs on a real libSQL server and its
 * snapshots are taken through an embedded replica.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotManifest } from '../../src/server/backup/snapshot';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';
import { tempDatabaseFile } from '../support/temp-db';
import { issuedVisitor } from '../support/visitor';
import { runScript } from '../support/scripts';

const ROOT = resolve(import.meta.dirname, '../..');

type Write =
  | { kind: 'love' | 'view'; sessionId: string; spotId: number; ackedAt: number }
  | { kind: 'signup'; email: string; ackedAt: number }
  | { kind: 'subscription'; email: string; ackedAt: number };

let stripe: FakeStripe;
let server: TestServer;
const backupDir = mkdtempSync(join(tmpdir(), 'backups-'));
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: { ...stripeEnv(stripe), BACKUP_DIR: backupDir, BACKUP_EVERY: '1s' } });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server?.stop();
  await stripe?.stop();
  rmSync(backupDir, { recursive: true, force: true });
});

const postJson = (path: string, body: unknown, jar?: CookieJar) =>
  server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(jar ? { cookie: jar.header() } : {}) },
    body: JSON.stringify(body),
  });

async function reaction(kind: 'love' | 'view', spotId: number): Promise<Write> {
  const response = await server.fetch(`/api/spots/${spotId}/${kind}`, { method: 'POST', headers: { origin: server.url } });
  expect(response.status).toBe(200);
  const visitor = issuedVisitor(response)!;
  return { kind, sessionId: visitor.sessionId, spotId, ackedAt: Date.now() };
}

async function signup(email: string): Promise<Write> {
  const response = await postJson('/api/subscribe', { email });
  expect(response.status).toBe(200);
  return { kind: 'signup', email, ackedAt: Date.now() };
}

async function subscription(email: string): Promise<Write> {
  const jar = new CookieJar();
  const created = await postJson('/api/create-subscription', { email }, jar);
  expect(created.status).toBe(200);
  jar.store(created);
  const paid = await fetch((await created.json()).url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  const activated = await postJson('/api/subscription/success', { sessionId }, jar);
  expect(activated.status).toBe(200);
  return { kind: 'subscription', email, ackedAt: Date.now() };
}

const manifests = (): SnapshotManifest[] =>
  readdirSync(backupDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(backupDir, name), 'utf8')) as SnapshotManifest);

/** Whether the restored database holds this write. */
function present(db: InstanceType<typeof Database>, write: Write): boolean {
  switch (write.kind) {
    case 'love':
    case 'view':
      return Boolean(
        db.prepare('SELECT 1 FROM user_engagements WHERE session_id = ? AND spot_id = ? AND engagement_type = ?').get(write.sessionId, write.spotId, write.kind),
      );
    case 'signup':
      return Boolean(db.prepare('SELECT 1 FROM newsletter_subscribers WHERE email = ?').get(write.email));
    case 'subscription':
      return Boolean(db.prepare("SELECT 1 FROM subscribers WHERE email = ? AND subscription_status = 'active'").get(write.email));
  }
}

describe(`backups of a serving ${TEST_ENGINE === 'sqld' ? 'libSQL server, through an embedded replica' : 'database file'}`, () => {
  const writes: Write[] = [];
  let latest: SnapshotManifest;
  let snapshotFile: string;
  const restored = tempDatabaseFile('restored-');
  const restoredUploads = mkdtempSync(join(tmpdir(), 'restored-uploads-'));
  cleanups.push(() => restored.remove());
  cleanups.push(() => rmSync(restoredUploads, { recursive: true, force: true }));

  it('takes snapshots while acknowledged writes stream in, each with a checksum and a manifest', async () => {
    // Writes go on until three snapshots have begun after the first acknowledgement, then stop.
    const snapshotsSinceFirstAck = () => (writes.length ? manifests().filter((m) => Date.parse(m.takenAt) > Math.min(...writes.map((w) => w.ackedAt))).length : 0);
    for (let i = 0; snapshotsSinceFirstAck() < 3; i++) {
      const spotId = 1 + (i % 20);
      const batch = [reaction('love', spotId), reaction('view', spotId), signup(`backup.reader.${i}@example.com`)];
      if (i % 10 === 0) batch.push(subscription(`backup.member.${i}@example.com`));
      writes.push(...(await Promise.all(batch)));
    }
    // One more after the writes stopped: the newest snapshot, taken while nothing was in flight.
    const stoppedAt = Date.now();
    await expect.poll(() => manifests().filter((m) => Date.parse(m.takenAt) > stoppedAt).length, { timeout: 15_000 }).toBeGreaterThan(0);

    const all = manifests();
    // Writes were acknowledged both before and after some snapshot began: they ran side by side.
    const middle = all.find((m) => writes.some((w) => w.ackedAt < Date.parse(m.takenAt)) && writes.some((w) => w.ackedAt > Date.parse(m.takenAt)));
    expect(middle).toBeDefined();
    // That snapshot holds every write acknowledged before it began.
    const during = new Database(join(backupDir, middle!.file), { readonly: true });
    try {
      const before = writes.filter((w) => w.ackedAt < Date.parse(middle!.takenAt));
      expect(before.filter((w) => !present(during, w))).toEqual([]);
      expect(during.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      during.close();
    }
    latest = all.at(-1)!;
    snapshotFile = join(backupDir, latest.file);
    expect(latest.via).toBe(TEST_ENGINE === 'sqld' ? 'replica' : 'file');
    expect(readFileSync(`${snapshotFile}.sha256`, 'utf8')).toBe(`${latest.sha256}  ${latest.file}\n`);
    expect(latest.schema.migrations).toBe(readdirSync(join(ROOT, 'db/migrations')).filter((n) => n.endsWith('.sql')).length);
    expect(latest.tables.spots).toBe(47);
    expect(latest.file).toMatch(/^guide-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.db$/);
    // No temporary file is left in the folder.
    expect(readdirSync(backupDir).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('records each run, and lastBackupStatus names the last good one', async () => {
    const client = createClient({ url: server.databaseUrl });
    cleanups.push(() => client.close());
    const scheduledRuns = async () => (await client.execute("SELECT status, file, size_bytes FROM backup_runs WHERE trigger = 'scheduled' ORDER BY id")).rows;
    // A run is recorded just after its manifest is written: on a busy machine the newest row may be a moment behind.
    await expect.poll(async () => (await scheduledRuns()).some((r) => r.file === latest.file), { timeout: 10_000 }).toBe(true);
    const runs = await scheduledRuns();
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.filter((r) => r.status === 'error')).toEqual([]);
    const recorded = runs.find((r) => r.file === latest.file);
    expect(Number(recorded?.size_bytes)).toBe(latest.sizeBytes);

    process.env.DATABASE_URL = server.databaseUrl;
    const { lastBackupStatus } = await import('../../src/server/backup/ledger');
    const status = await lastBackupStatus();
    expect(status.lastFailure).toBeNull();
    expect(status.lastSuccess!.file).toMatch(/^guide-.*\.db$/);
    expect(status.lastSuccess!.finishedAt.getTime()).toBeGreaterThanOrEqual(status.lastSuccess!.startedAt.getTime());
  });

  it('npm run db:restore brings the latest snapshot back: intact, with every write acknowledged before it began', async () => {
    const { code, output } = await runScript('restore.ts', [snapshotFile], { DATABASE_URL: restored.url, UPLOAD_DIR: restoredUploads });
    expect(output).toContain(`Restored the snapshot taken at ${latest.takenAt} into ${restored.path}.`);
    expect(output).toContain('There was no database there before.');
    expect(output).toContain('Migrations applied after restoring: 0.');
    expect(output).toContain(`spots ${latest.tables.spots}`);
    expect(code).toBe(0);

    const db = new Database(restored.path, { readonly: true });
    try {
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      const before = writes.filter((w) => w.ackedAt < Date.parse(latest.takenAt));
      expect(before.length).toBe(writes.length);
      const missing = before.filter((w) => !present(db, w));
      expect(missing).toEqual([]);
      expect(before.filter((w) => w.kind === 'subscription').length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('the site starts and serves on the restored file, and a restore over it is refused while it runs', async () => {
    const restoredServer = await startTestServer({ databaseUrl: restored.url, prepare: false, env: { UPLOAD_DIR: restoredUploads } });
    cleanups.push(() => restoredServer.stop());
    const home = await restoredServer.fetch('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Scottsdale');
    // The same public data as the site the snapshot was taken from (no writes since it began),
    // read before the spot page below, whose opening counts as a view.
    for (const path of ['/api/spots/top', '/api/spots', '/api/weekly-events']) {
      const [original, again] = await Promise.all([server.fetch(path), restoredServer.fetch(path)]);
      expect(again.status, path).toBe(200);
      expect(await again.json(), path).toEqual(await original.json());
    }
    const spot = await restoredServer.fetch('/spots/the-mission');
    expect(spot.status).toBe(200);
    expect(await spot.text()).toContain('The Mission');

    const sizeBefore = readFileSync(restored.path).length;
    const refused = await runScript('restore.ts', [snapshotFile], { DATABASE_URL: restored.url, UPLOAD_DIR: restoredUploads });
    expect(refused.output).toContain(
      `Restore refused: ${restored.path} is in use (a server or another program has it open). Stop the server, then run the restore again.`,
    );
    expect(refused.code).toBe(1);
    expect(readdirSync(resolve(restored.path, '..')).filter((n) => n.includes('before-restore'))).toEqual([]);
    expect(readFileSync(restored.path).length).toBe(sizeBefore);
    // The restored site still answers.
    expect((await restoredServer.fetch('/spots/the-mission')).status).toBe(200);
  });
});
