/**
 * Nothing a user submitted is lost: an acknowledged write survives the server being
 * killed mid-stream, and a database that is briefly locked, or a libSQL server that is down or
 * silent, answers a clear 503 and then works again without a restart.
 */
import { createClient, type Client } from '@libsql/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { publishedStories } from '../../db/seed/stories/published';
import { startSqld } from '../support/sqld';
import { startTestServer, type TestServer } from '../support/server';
import { tempDatabaseFile } from '../support/temp-db';
import { issuedVisitor, newVisitor } from '../support/visitor';

const WRITES_PER_STREAM = 300;
/** Kill the server once this many writes of the two streams (600 in all) were acknowledged. */
const KILL_AFTER_ACKNOWLEDGED = 300;
/** db/client.ts waits this long for a lock before SQLITE_BUSY. */
const LOCK_HELD_MS = 7_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function post(server: TestServer, path: string, body?: unknown, cookie?: string): Promise<Response> {
  return server.fetch(path, {
    method: 'POST',
    headers: { origin: server.url, ...(body !== undefined && { 'content-type': 'application/json' }), ...(cookie && { cookie }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A GET on a connection of its own: a pooled keep-alive socket the stalled server dropped meanwhile would fail it for the wrong reason. */
function freshGet(server: TestServer, path: string): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((done, fail) => {
    http
      .get(new URL(path, server.url), { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body, ms: Date.now() - started }));
      })
      .on('error', fail);
  });
}

const scalar = async (db: Database, query: string, args: Array<string | number> = []) => (await db.$client.execute({ sql: query, args })).rows[0]![0];

describe('crash safety: SIGKILL in the middle of a stream of writes', () => {
  it('keeps every acknowledged write, leaves a sound WAL database, and serves again after a restart', async () => {
    const file = tempDatabaseFile('guide-crash-');
    cleanups.push(() => file.remove());
    const server = await startTestServer({ databaseUrl: file.url });
    // stop() would wait for an exit that already happened: end it only if the kill never came.
    cleanups.push(() => {
      if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
    });

    const before = openDatabase({ url: file.url });
    const spotId = Number(await scalar(before, 'SELECT id FROM spots ORDER BY id LIMIT 1'));
    const lovedBefore = Number(await scalar(before, 'SELECT loved_count FROM spots WHERE id = ?', [spotId]));
    const loveRowsBefore = Number(await scalar(before, "SELECT count(*) FROM user_engagements WHERE spot_id = ? AND engagement_type = 'love'", [spotId]));
    before.$client.close();

    const exited = new Promise<NodeJS.Signals | null>((done) => server.process.once('exit', (_code, signal) => done(signal)));
    const acknowledgedEmails: string[] = [];
    const acknowledgedLoves: string[] = [];
    const unexpected: string[] = [];
    let killed = false;
    const afterAnswer = () => {
      if (!killed && acknowledgedEmails.length + acknowledgedLoves.length >= KILL_AFTER_ACKNOWLEDGED) {
        killed = true;
        server.process.kill('SIGKILL');
      }
    };

    /** Sends writes one after another until the server is gone; records the ones answered 200. */
    async function stream(write: (i: number) => Promise<{ response: Response; key: string }>, acknowledged: string[]) {
      for (let i = 0; i < WRITES_PER_STREAM; i++) {
        let answer: { response: Response; key: string };
        try {
          answer = await write(i);
          await answer.response.arrayBuffer();
        } catch {
          if (!killed) unexpected.push(`request ${i} failed before the kill`);
          return;
        }
        if (answer.response.status === 200) acknowledged.push(answer.key);
        else unexpected.push(`${answer.key}: ${answer.response.status}`);
        afterAnswer();
      }
    }

    await Promise.all([
      stream(async (i) => {
        const email = `crash-${i}-${randomUUID().slice(0, 8)}@example.com`;
        return { response: await post(server, '/api/subscribe', { email }), key: email };
      }, acknowledgedEmails),
      stream(async () => {
        // Each love comes from a new visitor: the server issues the id, which is the row's key.
        const response = await post(server, `/api/spots/${spotId}/love`);
        return { response, key: issuedVisitor(response)?.sessionId ?? 'no visitor cookie' };
      }, acknowledgedLoves),
    ]);

    expect(killed, 'the server was killed mid-stream').toBe(true);
    expect(await exited).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(acknowledgedEmails.length + acknowledgedLoves.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledgedEmails.length).toBeGreaterThan(0);
    expect(acknowledgedLoves.length).toBeGreaterThan(0);

    // Straight from the file the dead server left (its WAL included).
    const db = openDatabase({ url: file.url });
    try {
      expect(await scalar(db, 'PRAGMA integrity_check')).toBe('ok');
      expect(await scalar(db, 'PRAGMA journal_mode')).toBe('wal');

      const stored = new Set((await db.$client.execute('SELECT email FROM newsletter_subscribers')).rows.map((r) => String(r[0])));
      expect(
        acknowledgedEmails.filter((email) => !stored.has(email)),
        'acknowledged subscriptions that were lost',
      ).toEqual([]);

      const lovedAfter = Number(await scalar(db, 'SELECT loved_count FROM spots WHERE id = ?', [spotId]));
      expect(lovedAfter - lovedBefore).toBeGreaterThanOrEqual(acknowledgedLoves.length);
      const loveSessions = new Set(
        (await db.$client.execute({ sql: "SELECT session_id FROM user_engagements WHERE spot_id = ? AND engagement_type = 'love'", args: [spotId] })).rows.map((r) =>
          String(r[0]),
        ),
      );
      expect(
        acknowledgedLoves.filter((session) => !loveSessions.has(session)),
        'acknowledged loves that were lost',
      ).toEqual([]);
      // The counter and the engagement rows were written in one batch: they agree after the crash.
      expect(lovedAfter - lovedBefore).toBe(loveSessions.size - loveRowsBefore);
    } finally {
      db.$client.close();
    }

    // A new server on the same file serves reads and takes writes.
    const restarted = await startTestServer({ databaseUrl: file.url });
    cleanups.push(() => restarted.stop());
    const featured = await restarted.fetch('/api/spots/featured');
    expect(featured.status).toBe(200);
    expect(Array.isArray(await featured.json())).toBe(true);
    const email = `after-restart-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post(restarted, '/api/subscribe', { email })).status).toBe(200);
    const love = await post(restarted, `/api/spots/${spotId}/love`);
    expect(love.status).toBe(200);
    expect((await love.json()).counted).toBe(true);
  }, 120_000);
});

describe('a briefly locked database', () => {
  it('answers 503 with a JSON message while another writer holds the lock, lets reads through, and recovers without a restart', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.stop());
    let log = '';
    server.process.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // The server opens its database on first use; open it before the lock is taken.
    expect((await server.fetch('/api/spots/featured')).status).toBe(200);

    const locker: Client = createClient({ url: server.databaseUrl });
    cleanups.push(() => locker.close());
    const lock = await locker.transaction('write'); // BEGIN IMMEDIATE: the write lock, held until rollback
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await lock.rollback();
      lock.close();
    };
    cleanups.push(release);

    const email = `locked-${randomUUID().slice(0, 8)}@example.com`;
    const started = Date.now();
    const pendingWrite = post(server, '/api/subscribe', { email }).then(async (r) => ({
      status: r.status,
      type: r.headers.get('content-type'),
      body: await r.text(),
      ms: Date.now() - started,
    }));
    // A read while the write waits for the lock. WAL lets readers through.
    await new Promise((resume) => setTimeout(resume, 1_000));
    const readWhileWriteWaits = await freshGet(server, '/api/spots/featured');
    const write = await pendingWrite;
    // The lock is still held (it is released below): reads keep working.
    const readWhileLocked = await freshGet(server, '/api/spots/featured');

    expect(readWhileWriteWaits.status).toBe(200);
    expect(readWhileLocked.status).toBe(200);
    expect(JSON.parse(readWhileLocked.body)).toBeInstanceOf(Array);
    // Soft: whatever the answers were, the recovery below is still checked.
    expect.soft(write.status, `${write.body}\nserver log:\n${log.slice(0, 3000)}`).toBe(503);
    expect.soft(write.type).toMatch(/^application\/json/);
    expect.soft(JSON.parse(write.body).message).toMatch(/busy or unreachable/);

    // Keep the lock for its full time (longer than the busy timeout), then let go.
    await new Promise((resume) => setTimeout(resume, Math.max(0, LOCK_HELD_MS - (Date.now() - started))));
    await release();

    const retry = await post(server, '/api/subscribe', { email });
    expect(retry.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    const stored = await locker.execute({ sql: 'SELECT count(*) FROM newsletter_subscribers WHERE email = ?', args: [email] });
    expect(Number(stored.rows[0]![0]), 'the write acknowledged after the lock was released is committed (another connection sees it)').toBe(1);
    expect((await server.fetch('/api/spots/featured')).status).toBe(200);
  }, 60_000);
});

/** Starts the built server against a database URL as it is, without preparing it first. */
async function spawnServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/\S+)/);
      if (match) ok(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, child };
}

/** A port nothing listens on: a libSQL server that is down. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((ok) => probe.close(() => ok()));
  return port;
}

const UNAVAILABLE = { message: 'The database is busy or unreachable. Please try again in a moment.' };

interface TopSpot {
  id: number;
  lovedCount: number;
}

describe('an unreachable database server', () => {
  it('answers 503 with a JSON message; pages answer a 503 page with the same message, the leaderboard its own error state', async () => {
    const { url } = await spawnServer(`http://127.0.0.1:${await deadPort()}`);
    const response = await fetch(`${url}/api/spots/featured`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(UNAVAILABLE);
    const page = await fetch(`${url}/top-spots`);
    expect(await page.text()).toContain('Failed to load top spots');
    for (const path of ['/', '/events', `/blog/${publishedStories[0]!.slug}`, '/spots']) {
      const other = await fetch(`${url}${path}`);
      expect(other.status, path).toBe(503);
      expect(other.headers.get('content-type')).toMatch(/^text\/html/);
      expect(other.headers.get('retry-after')).toBe('5');
      expect(await other.text()).toContain(UNAVAILABLE.message);
    }
  }, 30_000);

  it('gives up on a libSQL server that accepts connections but never answers, with a 503 after DATABASE_TIMEOUT_MS', async () => {
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    cleanups.push(
      () =>
        new Promise<void>((ok) => {
          for (const socket of held) socket.destroy();
          silent.close(() => ok());
        }),
    );
    const { url } = await spawnServer(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { DATABASE_TIMEOUT_MS: '1500' });

    const started = Date.now();
    const read = await fetch(`${url}/api/spots/featured`);
    const readMs = Date.now() - started;
    const write = await fetch(`${url}/api/spots/1/love`, { method: 'POST', headers: { origin: url } });

    expect(held.size, 'the queries reached the silent server').toBeGreaterThan(0);
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual(UNAVAILABLE);
    expect(write.status).toBe(503);
    expect(await write.json()).toEqual(UNAVAILABLE);
    expect(readMs, 'the answer waited for the bound, not for the HTTP client').toBeGreaterThanOrEqual(1_400);
    expect(readMs).toBeLessThan(10_000);
  }, 30_000);

  it('answers reads and writes with 503 while the libSQL server is down, and serves them again when it is back, without a restart', async () => {
    const remote = await startSqld();
    cleanups.push(() => remote.stop());
    // Migrated and seeded through the libSQL server, as `npm start` does for a remote database.
    // Counts as strict as any other write (no bound): the love acknowledged before the outage is read right after it.
    const server = await startTestServer({ databaseUrl: remote.url, env: { RESPONSE_CACHE_COUNTER_SECONDS: '0' } });
    cleanups.push(() => server.stop());
    const pid = server.process.pid;

    const top = async () => {
      const response = await freshGet(server, '/api/spots/top?limit=5');
      return { status: response.status, spots: response.status === 200 ? (JSON.parse(response.body) as TopSpot[]) : [], body: response.body };
    };
    const love = async (spotId: number, visitorCookie: string) => {
      const response = await post(server, `/api/spots/${spotId}/love`, undefined, visitorCookie);
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    };

    const up = await top();
    expect(up.status).toBe(200);
    expect(up.spots).toHaveLength(5);
    const spot = up.spots[0]!;
    const lovedBeforeOutage = (await newVisitor(server.url)).cookie;
    const lovedDuringOutage = (await newVisitor(server.url)).cookie;
    const loved = await love(spot.id, lovedBeforeOutage);
    expect(loved.status).toBe(200);
    expect(loved.body).toMatchObject({ id: spot.id, lovedCount: spot.lovedCount + 1, counted: true });

    await remote.kill();
    const downSince = Date.now();
    const readWhileDown = await top();
    const writeWhileDown = await love(spot.id, lovedDuringOutage);
    expect(Date.now() - downSince, 'both answers came within a few seconds').toBeLessThan(5_000);
    expect(readWhileDown.status).toBe(503);
    expect(JSON.parse(readWhileDown.body)).toEqual(UNAVAILABLE);
    expect(writeWhileDown.status).toBe(503);
    expect(writeWhileDown.type).toMatch(/^application\/json/);
    expect(writeWhileDown.body).toEqual(UNAVAILABLE);
    const pageWhileDown = await freshGet(server, '/');
    expect(pageWhileDown.status).toBe(503);
    expect(pageWhileDown.body).toContain(UNAVAILABLE.message);

    await remote.restart();
    const back = await top();
    expect(back.status, back.body).toBe(200);
    expect(back.spots.find((s) => s.id === spot.id)?.lovedCount, 'the love acknowledged before the outage').toBe(spot.lovedCount + 1);
    const repeat = await love(spot.id, lovedBeforeOutage);
    expect(repeat.status).toBe(200);
    expect(repeat.body, 'the engagement row written before the outage is still there').toMatchObject({ lovedCount: spot.lovedCount + 1, counted: false });
    const retried = await love(spot.id, lovedDuringOutage);
    expect(retried.status).toBe(200);
    expect(retried.body, 'the love refused during the outage was not half-written').toMatchObject({ lovedCount: spot.lovedCount + 2, counted: true });
    const pageBack = await freshGet(server, '/');
    expect(pageBack.status).toBe(200);
    expect(pageBack.body).toContain('Scottsdale, the way locals live it.');

    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);
});
