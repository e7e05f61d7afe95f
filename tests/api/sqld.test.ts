/**
 * The app on a real libSQL server (sqld): killed and restarted under acknowledged writes, frozen
 * while it holds connections, and as the primary of an embedded replica.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readdirSync, readlinkSync } from 'node:fs';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { spots } from '../../db/schema';
import { startSqld, type Sqld } from '../support/sqld';
import { startTestServer, type TestServer } from '../support/server';
import { tempDatabaseFile } from '../support/temp-db';

const UNAVAILABLE = 'The database is busy or unreachable. Please try again in a moment.';
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function appOn(sqld: Sqld, env: Record<string, string> = {}): Promise<TestServer> {
  await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
  const server = await startTestServer({ databaseUrl: sqld.url, seed: false, env });
  cleanups.push(() => server.stop());
  return server;
}

const love = (server: TestServer, visitor: number, spot = 5) =>
  server.fetch(`/api/spots/${spot}/love`, { method: 'POST', headers: { origin: server.url, cookie: `sid=forged-${visitor}` } });

/**
 * Ten of each at once: a demo sign-in, a new visitor's session, a love of spot 6 by a new visitor
 * and a read. Answers the requests that did not succeed (a sign-in or a session 200, a love 200
 * and counted, a read 200), as "<what> <status>".
 */
async function burst(server: TestServer, round: number): Promise<string[]> {
  const headers = { origin: server.url, 'content-type': 'application/json' };
  const answers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const [signIn, session, loved, read] = await Promise.all([
        server.fetch('/api/session', { method: 'POST', headers, body: JSON.stringify({ email: `reader.${round}.${i}@example.com`, password: 'any password' }) }),
        server.fetch('/api/session', { method: 'DELETE', headers: { origin: server.url } }),
        love(server, round * 100 + i, 6),
        server.fetch('/api/spots/top?limit=100'),
      ]);
      const counted = loved.status === 200 && ((await loved.json()) as { counted?: unknown }).counted === true;
      return [`sign-in ${signIn.status}`, `session ${session.status}`, `love ${loved.status}${counted ? '' : ' not counted'}`, `read ${read.status}`];
    }),
  );
  return answers.flat().filter((answer) => !answer.endsWith(' 200'));
}

/** The files a process holds open (Linux). */
function openFiles(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

async function lovedCount(url: string, spot = 5): Promise<number> {
  const db = openDatabase({ url });
  try {
    return (await db.select({ n: spots.lovedCount }).from(spots).where(eq(spots.id, spot)))[0]!.n;
  } finally {
    db.$client.close();
  }
}

describe('on a real libSQL server', () => {
  it('sqld killed during a stream of writes: 503 with the message meanwhile, every acknowledged write kept, recovery without a restart', async () => {
    const sqld = await startSqld();
    cleanups.push(() => sqld.stop());
    const server = await appOn(sqld);
    const before = await lovedCount(sqld.url);
    let acknowledged = 0;
    const answers: number[] = [];
    // The stream runs across the outage, however fast the loves go: until a few after the restart.
    let restarted = false;
    let afterRestart = 0;
    const stream = (async () => {
      for (let visitor = 0; visitor < 5_000 && afterRestart < 20; visitor++) {
        if (restarted) afterRestart++;
        const response = await love(server, visitor);
        answers.push(response.status);
        if (response.status === 200 && (await response.json()).counted) acknowledged++;
        else if (response.status === 503) expect((await response.json()).message).toBe(UNAVAILABLE);
      }
    })();
    // Killed once some loves were answered, and back once some were refused (or 3 s passed).
    const until = async (done: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => answers.length >= 5, 10_000);
    await sqld.kill();
    await until(() => answers.filter((status) => status === 503).length >= 3, 3_000);
    await sqld.restart();
    restarted = true;
    await stream;
    expect(answers.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(answers).toContain(503);
    expect(acknowledged).toBeGreaterThan(0);
    expect(await lovedCount(sqld.url)).toBe(before + acknowledged);
    const after = await love(server, 10_000);
    expect(after.status).toBe(200);
  });

  it('sqld frozen with connections open: DATABASE_TIMEOUT_MS holds, then the app serves again', async () => {
    const sqld = await startSqld();
    cleanups.push(() => sqld.stop());
    const server = await appOn(sqld, { DATABASE_TIMEOUT_MS: '1200' });
    expect((await server.fetch('/api/spots/top?limit=3')).status).toBe(200);
    sqld.pause();
    cleanups.push(() => sqld.resume());
    // The shared response cache answers a copy for at most a second after the data generation was
    // last read; after that every read needs the database.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const read = await server.fetch('/api/spots/top?limit=3');
    expect(read.status).toBe(503);
    expect((await read.json()).message).toBe(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(5000);
    sqld.resume();
    await expect.poll(async () => (await server.fetch('/api/spots/top?limit=3')).status, { timeout: 10_000 }).toBe(200);
  });

  it('an embedded replica reads locally, writes reach the primary, and a read after one’s own write sees it', async () => {
    const sqld = await startSqld();
    cleanups.push(() => sqld.stop());
    await prepareDatabase({ url: sqld.url }, new Date(), { seed: true });
    const replica = tempDatabaseFile('replica-');
    cleanups.push(() => replica.remove());
    // Counts as strict as any other write (no bound): what is tested is reading one's own write at once.
    const server = await startTestServer({ databaseUrl: replica.url, prepare: false, env: { DATABASE_SYNC_URL: sqld.url, RESPONSE_CACHE_COUNTER_SECONDS: '0' } });
    cleanups.push(() => server.stop());
    const before = await lovedCount(sqld.url);
    // The replica's first answer is a read: it is filled from the primary before it serves.
    const first = (await (await server.fetch('/api/spots/top?limit=100')).json()) as { id: number; lovedCount: number }[];
    expect(first.find((spot) => spot.id === 5)!.lovedCount).toBe(before);
    const response = await love(server, 1);
    expect(response.status, server.output().slice(-2000)).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ counted: true, lovedCount: before + 1 });
    expect(await lovedCount(sqld.url)).toBe(before + 1);
    const top = (await (await server.fetch('/api/spots/top?limit=100')).json()) as { id: number; lovedCount: number }[];
    expect(top.find((spot) => spot.id === 5)!.lovedCount).toBe(before + 1);
    // A write made elsewhere on the primary reaches the replica within its sync interval. Meanwhile
    // sign-ins, sessions, loves and reads keep coming, so the replica pulls from its primary while
    // it writes: every one is answered and every love counted. (With a second sync engine on the
    // file, as the Story scheduler's own copy of the database module once opened, that pull broke
    // the file: "database disk image is malformed", and every later write failed.)
    const spot6 = await lovedCount(sqld.url, 6);
    const primary = openDatabase({ url: sqld.url });
    await primary
      .update(spots)
      .set({ lovedCount: before + 40 })
      .where(eq(spots.id, 5));
    primary.$client.close();
    const failed: string[] = [];
    let rounds = 0;
    const spotOnReplica = async (id: number) => {
      const read = await server.fetch('/api/spots/top?limit=100');
      return read.status === 200 ? ((await read.json()) as { id: number; lovedCount: number }[]).find((spot) => spot.id === id)!.lovedCount : `read ${read.status}`;
    };
    await expect
      .poll(
        async () => {
          failed.push(...(await burst(server, ++rounds)));
          return spotOnReplica(5);
        },
        { timeout: 12_000, interval: 0 },
      )
      .toBe(before + 40);
    failed.push(...(await burst(server, ++rounds)));
    expect(failed).toEqual([]);
    expect(await lovedCount(sqld.url, 6)).toBe(spot6 + 10 * rounds);
    expect(await spotOnReplica(6)).toBe(spot6 + 10 * rounds);
    expect(server.output()).not.toContain('malformed');
    // One sync engine on the file, whatever part of the server (pages, API, the Story scheduler)
    // read or wrote: each engine keeps its own index of the primary's frames, `<file>-client_wal_index`.
    const file = replica.url.slice('file:'.length);
    expect(openFiles(server.process.pid!).filter((path) => path === `${file}-client_wal_index`)).toHaveLength(1);
  });
});
