/**
 * A write makes stale only the kept answers that read what it changed (a generation per group of
 * public data, docs/decisions/033-cache-per-table-and-shared-spot-pages.md): loves, visits, views
 * and saves leave pages about other things as they were; an edit of a spot, a published Story or a
 * new event shows on the very next read of what shows it; a count shown by a kept copy is never
 * older than the bound (1 s here, RESPONSE_CACHE_COUNTER_SECONDS; 5 s by default). Runs on the file
 * and on a libSQL server (TEST_DATABASE=sqld), where the server learns of generations by polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { blogPosts, spots } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { Browser, call, signInOwner } from '../support/staff';
import { stripeEnv } from '../support/stripe-env';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'generations-password-ocotillo';
const COUNTER_SECONDS = 1;
let stripe: FakeStripe;
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.33.1');

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: { ...stripeEnv(stripe), ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1', RESPONSE_CACHE_COUNTER_SECONDS: String(COUNTER_SECONDS) } });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const cacheOf = (response: Response) => response.headers.get('x-cache') ?? 'MISS';

/** Reads a path until the cache answers it (the first read fills it). */
async function cached(path: string): Promise<void> {
  expect((await (await server.fetch(path)).arrayBuffer()).byteLength, path).toBeGreaterThan(0);
  expect(cacheOf(await server.fetch(path)), path).toBe('HIT');
}

/** The next read of a path: whether the cache answered it, and its text. */
async function next(path: string): Promise<{ cache: string; text: string }> {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  return { cache: cacheOf(response), text: await response.text() };
}

async function generations(): Promise<Record<string, number>> {
  const rows = await db.all<{ name: string; generation: number }>(sql`SELECT name, generation FROM data_generations`);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.generation)]));
}

async function post(path: string, jar: CookieJar, body?: unknown): Promise<Response> {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { origin: server.url, cookie: jar.header(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  jar.store(response);
  return response;
}

const publishedStory = async () => (await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.isPublished, true)).limit(1))[0]!.slug;

describe('what a write leaves kept', () => {
  it('a love, a visit, a view and a save raise only the counters: /about, /events, /blog, a Story and the event and Story reads stay in the cache', async () => {
    const paths = ['/about', '/events', '/blog', `/blog/${await publishedStory()}`, '/api/events', '/api/blog'];
    for (const path of paths) await cached(path);
    const before = await generations();
    const visitor = new CookieJar();
    const [spot] = await db.select({ id: spots.id, lovedCount: spots.lovedCount }).from(spots).where(eq(spots.slug, 'taliesin-west'));
    expect((await post(`/api/spots/${spot!.id}/love`, visitor)).status).toBe(200);
    expect((await post(`/api/spots/${spot!.id}/visit`, visitor)).status).toBe(200);
    expect((await post(`/api/spots/${spot!.id}/view`, visitor)).status).toBe(200);
    const reader = new CookieJar();
    expect((await post('/api/session', reader, { email: 'saver@example.com', password: 'any', name: 'Saver' })).status).toBe(200);
    expect((await post('/api/saved', reader, { spotIds: [spot!.id] })).status).toBe(200);
    // The writes happened, and only the counters' generation moved.
    const [after] = await db.select({ lovedCount: spots.lovedCount }).from(spots).where(eq(spots.id, spot!.id));
    expect(after!.lovedCount).toBe(spot!.lovedCount + 1);
    const now = await generations();
    expect(now.counters).toBeGreaterThan(before.counters!);
    expect({ ...now, counters: 0 }).toEqual({ ...before, counters: 0 });
    for (const path of paths) expect((await next(path)).cache, path).toBe('HIT');
  });

  it('an edit of a spot’s name shows on the next read of its page, /spots, /api/spots and the leaderboard; /about and a Story stay kept', async () => {
    const [spot] = await db.select({ id: spots.id, name: spots.name }).from(spots).where(eq(spots.slug, 'the-mission'));
    const story = `/blog/${await publishedStory()}`;
    const paths = ['/spots/the-mission', '/spots', '/api/spots', '/api/spots/top?limit=100', '/about', story];
    for (const path of paths) await cached(path);
    const { version } = (await (await call(server, owner, 'GET', `/api/admin/spots/${spot!.id}`)).json()) as { version: number };
    const saved = await call(server, owner, 'PATCH', `/api/admin/spots/${spot!.id}`, { version, name: 'The Mission Renamed' });
    expect(saved.status).toBe(200);
    for (const path of ['/spots/the-mission', '/spots', '/api/spots', '/api/spots/top?limit=100']) {
      const read = await next(path);
      expect(read.cache, path).toBe('MISS');
      expect(read.text, path).toContain('The Mission Renamed');
    }
    for (const path of ['/about', story]) expect((await next(path)).cache, path).toBe('HIT');
  });

  it('a Story published in the studio shows on the next read of /blog and /api/blog', async () => {
    for (const path of ['/blog', '/api/blog', '/events']) await cached(path);
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cool mornings at the canal.' }] }] };
    const created = await call(server, owner, 'POST', '/api/admin/stories', { title: 'Canal Mornings', slug: 'canal-mornings', category: 'Hidden Gem', tags: [], doc });
    expect(created.status).toBe(201);
    const { story } = (await created.json()) as { story: { id: number; version: number } };
    expect((await call(server, owner, 'POST', `/api/admin/stories/${story.id}/publish`, { version: story.version })).status).toBe(200);
    for (const path of ['/blog', '/api/blog']) {
      const read = await next(path);
      expect(read.cache, path).toBe('MISS');
      expect(read.text, path).toContain('Canal Mornings');
    }
    expect((await next('/events')).cache).toBe('HIT');
  });

  it('an event added on the desk shows on the next read of /events and /api/events', async () => {
    for (const path of ['/events', '/api/events', '/blog']) await cached(path);
    const start = new Date(Date.now() + 2 * 86_400_000);
    const added = await call(server, owner, 'POST', '/api/admin/events', {
      title: 'Generations Night Market',
      startDate: start.toISOString(),
      location: 'Old Town',
      link: '',
    });
    expect(added.status).toBe(201);
    for (const path of ['/events', '/api/events']) {
      const read = await next(path);
      expect(read.cache, path).toBe('MISS');
      expect(read.text, path).toContain('Generations Night Market');
    }
    expect((await next('/blog')).cache).toBe('HIT');
  });
});

describe('counters in a kept copy', () => {
  it(`are never older than the bound (${COUNTER_SECONDS} s here): a love shows on the leaderboard once it has passed`, async () => {
    const path = '/api/spots/top?limit=100';
    await cached(path);
    const [spot] = await db.select({ id: spots.id, lovedCount: spots.lovedCount }).from(spots).where(eq(spots.slug, 'taliesin-west'));
    expect((await post(`/api/spots/${spot!.id}/love`, new CookieJar())).status).toBe(200);
    // The copy was made before the love, so once the bound has passed since then it is not answered.
    await new Promise((resolve) => setTimeout(resolve, COUNTER_SECONDS * 1000 + 50));
    const read = await next(path);
    expect(read.cache).toBe('MISS');
    const loved = (JSON.parse(read.text) as { id: number; lovedCount: number }[]).find((s) => s.id === spot!.id)!;
    expect(loved.lovedCount).toBe(spot!.lovedCount + 1);
  });
});
