/**
 * The shared cache of finished public responses (src/server/http/response-cache.mjs): a repeated
 * public read is answered from memory with the same bytes and headers; any write — through this
 * server or behind its back — shows on the next read; nothing about one visitor is ever shared.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { PRIVATE_TABLES, PUBLIC_CONTENT_TABLES, SEARCH_INDEX_TABLES, blogPosts, spots } from '../../db/schema';
import { CASCADES_INTO_PUBLIC, GENERATION_GROUPS, TABLE_GROUPS } from '../../src/server/db/read-groups';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { CookieJar } from '../support/cookie-jar';
import { stripeEnv } from '../support/stripe-env';
import { startTestServer, type TestServer } from '../support/server';
import { request as httpRequest } from 'node:http';

let stripe: FakeStripe;
let server: TestServer;
let db: Database;
/** When the server was started: its pre-render ran after this. */
let startedAt = 0;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  startedAt = Date.now();
  // Counters as strict as everything else here: their bound is tested in response-cache-generations.test.ts.
  server = await startTestServer({ env: { ...stripeEnv(stripe), RESPONSE_CACHE_COUNTER_SECONDS: '0' } });
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const hit = (response: Response) => response.headers.get('x-cache') === 'HIT';

/** Reads a path until the cache answers it (the first read fills it). */
async function cached(path: string, init: RequestInit = {}): Promise<Response> {
  await (await server.fetch(path, init)).arrayBuffer();
  const again = await server.fetch(path, init);
  expect(hit(again), path).toBe(true);
  return again;
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

type TopSpot = { id: number; name: string; lovedCount: number; viewCount: number };
const top = async (init?: RequestInit) => (await (await server.fetch('/api/spots/top?limit=100', init)).json()) as TopSpot[];

/** The raw bytes of a response in the encoding asked for (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, server.url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('answers from the cache', () => {
  it.each(['/', '/events', '/top-spots', '/about', '/blog', '/spots', '/api/spots/featured', '/api/events', '/api/spots/top?limit=20'])(
    '%s: the second read comes from the cache with the same body and headers, and sets no cookie',
    async (path) => {
      const first = await server.fetch(path);
      const firstBody = await first.text();
      expect(first.status).toBe(200);
      const second = await server.fetch(path);
      expect(hit(second)).toBe(true);
      expect(await second.text()).toBe(firstBody);
      for (const name of ['content-type', 'etag', 'cache-control', 'content-security-policy', 'x-frame-options', 'vary']) {
        expect(second.headers.get(name), name).toBe(first.headers.get(name));
      }
      expect(second.headers.getSetCookie()).toEqual([]);
    },
  );

  it('keeps brotli and gzip forms of the same bytes, and plain text for a client that takes neither', async () => {
    await cached('/about');
    const br = await rawGet('/about', { 'accept-encoding': 'br' });
    const gz = await rawGet('/about', { 'accept-encoding': 'gzip' });
    const plain = await rawGet('/about', { 'accept-encoding': 'identity' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    const text = plain.body.toString();
    expect(text).toMatch(/^<!DOCTYPE html>/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(gunzipSync(gz.body).toString()).toBe(text);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(text.length / 3);
  });

  it('ETag and 304 behave as before: a current tag gets a 304 without a body, HEAD answers like GET', async () => {
    const page = await cached('/events');
    const etag = page.headers.get('etag')!;
    const notModified = await server.fetch('/events', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(hit(notModified)).toBe(true);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    const other = await server.fetch('/events', { headers: { 'if-none-match': 'W/"another"' } });
    expect(other.status).toBe(200);
    const head = await server.fetch('/events', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('another Host never gets, or fills, this host’s copy', async () => {
    await cached('/about');
    const forged = await rawGet('/about', { host: 'evil.example', 'accept-encoding': 'identity' });
    expect(forged.headers['x-cache']).toBeUndefined();
    const mine = await server.fetch('/about');
    expect(hit(mine)).toBe(true);
    expect(await mine.text()).not.toContain('evil.example');
  });
});

describe('pre-rendered pages', () => {
  it('/about, /launch, the home page and every published Story are kept from the start: their first visitor is answered from memory', async () => {
    await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(/Pre-rendered \d+ of \d+ pages/);
    const stories = (await (await server.fetch('/api/blog')).json()) as { slug: string }[];
    expect(stories.length).toBeGreaterThan(0);
    const minute = (time: number) => Math.floor(time / 60_000);
    for (const path of ['/about', '/launch', '/', ...stories.map((story) => `/blog/${story.slug}`)]) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(200);
      // A kept copy lasts to the end of the minute it was made in (open now, this week's events):
      // once a minute has ended since the pre-render, its copies may have been retired, and the
      // first visit makes the copy the next one is answered from.
      if (minute(Date.now()) === minute(startedAt)) expect(hit(response), path).toBe(true);
      else expect(hit(await server.fetch(path)), path).toBe(true);
    }
  });

  it('a Story published after the start is served without a rebuild, then kept', async () => {
    const now = new Date();
    await db.insert(blogPosts).values({
      title: 'Published After The Build',
      slug: 'published-after-the-build',
      author: 'Guide Desk',
      content: 'A story written long after the site was built.',
      excerpt: 'Written after the build.',
      category: 'Weekend Guide',
      isPublished: true,
      publishedAt: now,
    });
    const first = await server.fetch('/blog/published-after-the-build');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Published After The Build');
    expect(hit(await server.fetch('/blog/published-after-the-build'))).toBe(true);
    expect(await (await server.fetch('/blog')).text()).toContain('Published After The Build');
  });
});

describe('a write is visible on the next read', () => {
  it('a love through the API', async () => {
    const before = (await top()).find((spot) => spot.id === 9)!;
    expect(hit(await server.fetch('/api/spots/top?limit=100'))).toBe(true);
    const love = await post('/api/spots/9/love', new CookieJar());
    expect(love.status).toBe(200);
    const after = await server.fetch('/api/spots/top?limit=100');
    expect(hit(after)).toBe(false);
    expect(((await after.json()) as TopSpot[]).find((spot) => spot.id === 9)!.lovedCount).toBe(before.lovedCount + 1);
  });

  it('a spot page view counts on the cards and the leaderboard read next', async () => {
    const [spot] = await db.select({ id: spots.id, slug: spots.slug, viewCount: spots.viewCount }).from(spots).where(eq(spots.slug, 'taliesin-west'));
    await cached('/api/spots/top?limit=100');
    // The page, then the view its script posts.
    expect((await server.fetch(`/spots/${spot!.slug}`)).status).toBe(200);
    expect((await post(`/api/spots/${spot!.id}/view`, new CookieJar())).status).toBe(200);
    expect((await top()).find((s) => s.id === spot!.id)!.viewCount).toBe(spot!.viewCount + 1);
  });

  it('a write by another process straight to the database file (a script, a migration)', async () => {
    const [leader] = await top();
    await cached('/api/spots/top?limit=100');
    await cached('/top-spots');
    await db.update(spots).set({ name: 'Renamed Behind The Server' }).where(eq(spots.id, leader!.id));
    expect((await top()).find((spot) => spot.id === leader!.id)!.name).toBe('Renamed Behind The Server');
    expect(await (await server.fetch('/top-spots')).text()).toContain('Renamed Behind The Server');
  });

  it('many readers right after a write all get the new data, rendered once and shared', async () => {
    await cached('/api/spots/featured');
    await db
      .update(spots)
      .set({ lovedCount: sql`${spots.lovedCount} + 1000` })
      .where(eq(spots.featured, 1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.fetch('/api/spots/featured').then(async (r) => ({ hit: hit(r), body: await r.text() }))));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const featured = JSON.parse(answers[0]!.body) as { lovedCount: number }[];
    expect(featured.every((spot) => spot.lovedCount >= 1000)).toBe(true);
  });
});

describe('responses about one person are never shared', () => {
  async function lockedVisitor(): Promise<CookieJar> {
    const jar = new CookieJar();
    expect((await post('/api/create-subscription', jar, { email: `locked.${Date.now()}@example.com` })).status).toBe(200);
    for (const id of [11, 12, 13]) expect((await post(`/api/spots/${id}/view`, jar)).status).toBe(200);
    return jar;
  }

  it('a locked visitor and a stranger, in either order, each get their own answer', async () => {
    const jar = await lockedVisitor();
    const asLocked = async (path: string) => {
      const response = await server.fetch(path, { headers: { cookie: jar.header() } });
      expect(hit(response), path).toBe(false);
      expect(response.headers.get('cache-control'), path).toMatch(/^private\b/);
      return response.text();
    };
    // The locked visitor first: nothing of theirs is kept for the stranger.
    const lockedFirst = JSON.parse(await asLocked('/api/spots/top?limit=7')) as { locked?: boolean; mapsUrl: string }[];
    expect(lockedFirst.every((spot) => spot.locked === true && spot.mapsUrl === '')).toBe(true);
    const stranger = await server.fetch('/api/spots/top?limit=7');
    expect(hit(stranger)).toBe(false);
    const open = JSON.parse(await stranger.text()) as { locked?: boolean; mapsUrl: string }[];
    expect(open.every((spot) => spot.locked === undefined && spot.mapsUrl !== '')).toBe(true);
    // Now the stranger's copy is kept, and still never handed to the locked visitor.
    expect(hit(await server.fetch('/api/spots/top?limit=7'))).toBe(true);
    expect(JSON.parse(await asLocked('/api/spots/top?limit=7'))).toEqual(lockedFirst);
    // The list page: a locked visitor's cards carry no map links; everyone else's do.
    const mapLink = 'google.com/maps/search';
    expect(await asLocked('/spots')).not.toContain(mapLink);
    expect(await (await cached('/spots')).text()).toContain(mapLink);
    expect(await asLocked('/spots')).not.toContain(mapLink);
  });

  it('a signed-in visitor, the admin and a subscriber cookie always skip the cache', async () => {
    await cached('/');
    const jar = new CookieJar();
    expect((await post('/api/session', jar, { email: 'reader@example.com', password: 'any', name: 'Reader' })).status).toBe(200);
    const signedIn = await server.fetch('/', { headers: { cookie: jar.header() } });
    expect(hit(signedIn)).toBe(false);
    expect(signedIn.headers.get('cache-control')).toMatch(/^private\b/);
    for (const cookie of ['admin=forged', 'subscriber=forged', '__session=clerk', 'user=forged']) {
      expect(hit(await server.fetch('/', { headers: { cookie } })), cookie).toBe(false);
    }
    // With only the visitor cookie left, the page is shared again. It is read twice: the copy made
    // before may have ended meanwhile (at the minute, or a counter written more than the counters'
    // few seconds after it was made), and the first read then keeps a new one.
    const sid = jar
      .header()
      .split('; ')
      .find((c) => c.startsWith('sid='))!;
    await cached('/', { headers: { cookie: sid } });
  });

  it('pages about one visitor are never kept: the account, sign-in by its Referer', async () => {
    for (const path of ['/account', '/sign-in']) {
      await server.fetch(path, { headers: { referer: `${server.url}/events` } });
      expect(hit(await server.fetch(path, { headers: { referer: `${server.url}/blog` } })), path).toBe(false);
    }
  });
});

describe('the data generations', () => {
  it('every table is either read by public responses (and raises its group’s generation) or private; triggers cover the public ones', async () => {
    const tables = (
      await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`)
    ).map((t) => t.name);
    expect([...tables].sort()).toEqual([...PUBLIC_CONTENT_TABLES, ...PRIVATE_TABLES, ...SEARCH_INDEX_TABLES].sort());
    // Every public table and the search index has a group, and every group a generation row.
    expect(Object.keys(TABLE_GROUPS).sort()).toEqual([...PUBLIC_CONTENT_TABLES, ...SEARCH_INDEX_TABLES].sort());
    const rows = (await db.all<{ name: string }>(sql`SELECT name FROM data_generations`)).map((row) => row.name);
    expect(rows.sort()).toEqual([...GENERATION_GROUPS].sort());
    const triggers = await db.all<{ tbl_name: string; name: string; sql: string }>(sql`SELECT tbl_name, name, sql FROM sqlite_master WHERE type = 'trigger'`);
    for (const table of PUBLIC_CONTENT_TABLES) {
      const own = triggers.filter((t) => t.tbl_name === table && t.name.endsWith('_generation'));
      expect(own.map((t) => t.name).sort(), table).toEqual(
        [...['delete', 'insert', 'update'].map((op) => `${table}_${op}_generation`), ...(table === 'spots' ? ['spots_counters_generation'] : [])].sort(),
      );
      for (const trigger of own) {
        const group = trigger.name === 'spots_counters_generation' ? 'counters' : TABLE_GROUPS[table][0];
        expect(trigger.sql, trigger.name).toContain(`UPDATE \`data_generations\` SET \`generation\` = \`generation\` + 1 WHERE \`name\` = '${group}'`);
      }
    }
    expect(triggers.filter((t) => t.name.endsWith('_generation') && !(PUBLIC_CONTENT_TABLES as readonly string[]).includes(t.tbl_name))).toEqual([]);
  });

  it('an edit of any column of a spot but its counters raises the spots’ generation (a column added later must be named in the trigger)', async () => {
    const columns = (await db.all<{ name: string; hidden: number }>(sql`SELECT name, hidden FROM pragma_table_xinfo('spots')`))
      .filter((column) => Number(column.hidden) === 0)
      .map((column) => column.name);
    const trigger = (await db.all<{ sql: string }>(sql`SELECT sql FROM sqlite_master WHERE name = 'spots_update_generation'`))[0]!.sql;
    const named = trigger
      .match(/UPDATE OF (.*?) ON/s)![1]!
      .split(',')
      .map((name) => name.trim().replace(/`/g, ''));
    const counters = ['view_count', 'loved_count', 'visited_count'];
    expect(named.sort()).toEqual(columns.filter((name) => !counters.includes(name)).sort());
  });

  it('a write to a private table raises no generation: its triggers write nothing, and every foreign-key action from a public table is in CASCADES_INTO_PUBLIC', async () => {
    // This process tells which groups its own write raised from the table the write names (read-groups.ts).
    const privateTriggers = await db.all<{ name: string; sql: string }>(
      sql.raw(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name NOT IN (${PUBLIC_CONTENT_TABLES.map((t) => `'${t}'`).join(', ')})`),
    );
    for (const trigger of privateTriggers) expect(trigger.sql.split(/\bBEGIN\b/i)[1], trigger.name).not.toMatch(/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i);
    const actions: Record<string, string[]> = {};
    for (const table of PUBLIC_CONTENT_TABLES) {
      const keys = await db.all<{ table: string; on_delete: string; on_update: string }>(sql.raw(`SELECT * FROM pragma_foreign_key_list('${table}')`));
      for (const key of keys) {
        const acts = [key.on_delete, key.on_update].some((action) => !/^(NO ACTION|RESTRICT)$/i.test(action));
        if (acts && !(PUBLIC_CONTENT_TABLES as readonly string[]).includes(key.table)) (actions[key.table] ??= []).push(...TABLE_GROUPS[table]);
      }
    }
    expect(actions).toEqual(CASCADES_INTO_PUBLIC);
  });
});
