import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { savedSpots, spots, userEngagements, users } from '../../db/schema';
import { TEST_ENGINE, startTestServer, type TestServer } from '../support/server';
import { startSqld } from '../support/sqld';
import { issuedVisitor, newVisitor } from '../support/visitor';
import { apiBrowser } from '../support/api-browser';

// Concurrent counter writes share transactions (group commit): every acknowledged write is
// counted, each answer is what that request alone would have got, and a batch that fails fails
// every request in it with the usual answer.

const UNAVAILABLE = { message: 'The database is busy or unreachable. Please try again in a moment.' };

let server: TestServer;
let db: Database;

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const spotRow = async (id: number) => (await db.select().from(spots).where(eq(spots.id, id)))[0]!;
const post = (target: TestServer, path: string, cookie?: string) =>
  target.fetch(path, { method: 'POST', headers: { origin: target.url, ...(cookie ? { cookie } : {}) } });

interface Answer {
  status: number;
  body: { lovedCount?: number; visitedCount?: number; viewCount?: number; counted?: boolean; message?: string };
  sessionId: string | null;
}
const answer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: await response.json(),
  sessionId: issuedVisitor(response)?.sessionId ?? null,
});

/** The rise of a counter must be exactly the acknowledged writes, and each answer one of the counts in between. */
async function loveAtOnce(target: TestServer, spotId: number, count: number) {
  const before = await spotRow(spotId);
  const answers = await Promise.all(Array.from({ length: count }, async () => answer(await post(target, `/api/spots/${spotId}/love`))));
  return { before, answers, after: await spotRow(spotId) };
}

describe('500 concurrent loves from 500 visitors', () => {
  it('are all acknowledged and counted: the database rises by 500 and the answers are the counts 1 to 500 above it, each once', async () => {
    const { before, answers, after } = await loveAtOnce(server, 11, 500);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.every((a) => a.body.counted === true)).toBe(true);
    expect(after.lovedCount).toBe(before.lovedCount + 500);
    const counts = answers.map((a) => a.body.lovedCount!).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 500 }, (_, i) => before.lovedCount + 1 + i));
    // Each answer is the count its love made; Been-here was not touched.
    expect(answers.every((a) => a.body.visitedCount === before.visitedCount)).toBe(true);
    const sessions = answers.map((a) => a.sessionId!);
    expect(new Set(sessions).size).toBe(500);
    const rows = await db
      .select()
      .from(userEngagements)
      .where(and(eq(userEngagements.spotId, 11), eq(userEngagements.engagementType, 'love'), inArray(userEngagements.sessionId, sessions)));
    expect(rows).toHaveLength(500);
  });
});

describe('mixed writes at once keep their own answers', () => {
  it('loves, repeated loves, Been-here and views of the same visitors: each counted once, the repeats answered "not counted"', async () => {
    const visitors = await Promise.all(Array.from({ length: 40 }, () => newVisitor(server.url)));
    const before = await spotRow(12);
    const writes = visitors.flatMap((visitor) => [
      post(server, '/api/spots/12/love', visitor.cookie),
      post(server, '/api/spots/12/love', visitor.cookie),
      post(server, '/api/spots/12/visit', visitor.cookie),
      post(server, '/api/spots/12/view', visitor.cookie),
      post(server, '/api/spots/12/view', visitor.cookie),
    ]);
    const answers = await Promise.all(writes.map(async (write) => answer(await write)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    const after = await spotRow(12);
    expect([after.lovedCount, after.visitedCount, after.viewCount]).toEqual([before.lovedCount + 40, before.visitedCount + 40, before.viewCount + 40]);
    for (let v = 0; v < visitors.length; v++) {
      const [loveA, loveB, visit, viewA, viewB] = answers.slice(v * 5, v * 5 + 5);
      expect([loveA!.body.counted, loveB!.body.counted].sort()).toEqual([false, true]);
      expect(visit!.body.counted).toBe(true);
      expect([viewA!.body.counted, viewB!.body.counted].sort()).toEqual([false, true]);
    }
    // The repeat was written after the love it found, so it never answers a smaller count.
    for (let v = 0; v < visitors.length; v++) {
      const loves = answers.slice(v * 5, v * 5 + 2);
      const counted = loves.find((a) => a.body.counted)!;
      const repeat = loves.find((a) => !a.body.counted)!;
      expect(repeat.body.lovedCount).toBeGreaterThanOrEqual(counted.body.lovedCount!);
    }
  });

  it('saves and unsaves of a signed-in member at once: the list answered last is the list stored', async () => {
    const { send } = apiBrowser(server);
    const email = `group-${Date.now()}@example.com`;
    expect((await send('POST', '/api/session', { email, password: 'any password' })).status).toBe(200);
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const saves = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => send('POST', '/api/saved', { spotIds: [id] })));
    expect(saves.map((r) => r.status)).toEqual(Array(6).fill(200));
    const lists = await Promise.all(saves.map(async (r) => ((await r.json()) as { spotIds: number[] }).spotIds));
    // Every answer holds its own spot, and one answer (the last written) holds all six.
    lists.forEach((list, index) => expect(list).toContain(index + 1));
    expect(lists.map((list) => list.length).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const unsaved = await Promise.all([2, 4].map((id) => send('DELETE', `/api/saved/${id}`)));
    expect(unsaved.map((r) => r.status)).toEqual([200, 200]);
    const stored = await db.select({ id: savedSpots.spotId }).from(savedSpots).where(eq(savedSpots.userId, member!.id));
    expect(stored.map((row) => row.id).sort()).toEqual([1, 3, 5, 6]);
  });
});

/**
 * Nothing can be written until `release`: on a file another connection holds the write lock; a
 * libSQL server is frozen (its own server, as it must be stopped), with DATABASE_TIMEOUT_MS 1 s.
 */
async function blockedDatabase() {
  if (TEST_ENGINE === 'file') {
    // The server opens its database on first use; open it before the lock is taken.
    expect((await post(server, '/api/spots/13/view')).status).toBe(200);
    const locker: Client = createClient({ url: server.databaseUrl });
    let lock: Awaited<ReturnType<Client['transaction']>> | null = null;
    return {
      target: server,
      block: async () => void (lock = await locker.transaction('write')),
      release: async () => {
        await lock?.rollback();
        lock?.close();
        lock = null;
      },
      stop: async () => locker.close(),
    };
  }
  const sqld = await startSqld();
  const target = await startTestServer({ databaseUrl: sqld.url, env: { DATABASE_TIMEOUT_MS: '1000' } });
  expect((await post(target, '/api/spots/13/view')).status).toBe(200);
  return {
    target,
    block: async () => sqld.pause(),
    release: async () => sqld.resume(),
    stop: async () => {
      sqld.resume();
      await target.stop();
      await sqld.stop();
    },
  };
}

describe('a batch that cannot be written', () => {
  it('fails every request in it with the 503 answer and loses no acknowledged love; then loves are written again', async () => {
    const blocked = await blockedDatabase();
    const targetDb = openDatabase({ url: blocked.target.databaseUrl });
    const loved = async () => (await targetDb.select().from(spots).where(eq(spots.id, 13)))[0]!.lovedCount;
    try {
      const before = await loved();
      await blocked.block();
      const loves = Array.from({ length: 50 }, async () => answer(await post(blocked.target, '/api/spots/13/love')));
      // Nothing is written until the first answer, which must be the 503.
      const first = await Promise.race(loves);
      await blocked.release();
      const answers = await Promise.all(loves);
      expect(first).toMatchObject({ status: 503, body: UNAVAILABLE });
      for (const a of answers) {
        if (a.status === 200) expect(a.body.counted).toBe(true);
        else expect(a).toMatchObject({ status: 503, body: UNAVAILABLE });
      }
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      const acknowledged = answers.filter((a) => a.status === 200).length;
      const counted = (await loved()) - before;
      if (TEST_ENGINE === 'file') {
        // A busy batch rolled back: exactly the acknowledged loves are counted.
        expect(counted).toBe(acknowledged);
      } else {
        // A batch that timed out may have been written once the server woke: never fewer than acknowledged.
        expect(counted).toBeGreaterThanOrEqual(acknowledged);
        expect(counted).toBeLessThanOrEqual(50);
      }
      const retry = await answer(await post(blocked.target, '/api/spots/13/love'));
      expect(retry).toMatchObject({ status: 200, body: { counted: true, lovedCount: before + counted + 1 } });
    } finally {
      await blocked.release();
      targetDb.$client.close();
      await blocked.stop();
    }
  }, 60_000);
});

describe('GROUP_COMMIT=off', () => {
  it('writes each love alone, with the same answers and counts', async () => {
    const alone = await startTestServer({ env: { GROUP_COMMIT: 'off' } });
    const aloneDb = openDatabase({ url: alone.databaseUrl });
    try {
      const before = (await aloneDb.select().from(spots).where(eq(spots.id, 14)))[0]!;
      const answers = await Promise.all(Array.from({ length: 100 }, async () => answer(await post(alone, '/api/spots/14/love'))));
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
      const counts = answers.map((a) => a.body.lovedCount!).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => before.lovedCount + 1 + i));
      expect((await aloneDb.select().from(spots).where(eq(spots.id, 14)))[0]!.lovedCount).toBe(before.lovedCount + 100);
    } finally {
      aloneDb.$client.close();
      await alone.stop();
    }
  }, 60_000);
});
