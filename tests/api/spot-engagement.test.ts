import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots, userEngagements } from '../../db/schema';
import { cityDayStart } from '../../src/lib/city-time';
import { OpenedSpotSchema, SpotReactionSchema, expectContract } from '../support/contracts';
import { startTestServer, type TestServer } from '../support/server';
import { issuedVisitor, newVisitor } from '../support/visitor';

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
/** A same-origin POST as a browser sends it (browsers always send Origin on POST). */
const post = (path: string, cookie?: string) => server.fetch(path, { method: 'POST', headers: { origin: server.url, ...(cookie ? { cookie } : {}) } });
const engagementsOf = (sessionId: string, kind?: string) =>
  db
    .select()
    .from(userEngagements)
    .where(and(eq(userEngagements.sessionId, sessionId), kind ? eq(userEngagements.engagementType, kind) : undefined));

describe('the visitor id', () => {
  it('is issued signed and httpOnly; the signed id comes back without a new cookie', async () => {
    const response = await post('/api/spots/1/view');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^sid=[0-9a-f-]{36}\.[\w-]{43}; .*HttpOnly/i);
    const visitor = issuedVisitor(response)!;
    const again = await post('/api/spots/2/view', visitor.cookie);
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await engagementsOf(visitor.sessionId, 'view')).map((row) => row.spotId).sort()).toEqual([1, 2]);
  });

  it('a made-up, unsigned or wrongly signed id is replaced by a signed one and never gets engagement rows', async () => {
    const forgedId = randomUUID();
    const otherSecret = createHmac('sha256', 'not-the-server-secret-but-long-enough-000').update(forgedId).digest('base64url');
    for (const forged of [forgedId, `${forgedId}.${otherSecret}`, `${forgedId}.`, `${forgedId}.${'A'.repeat(43)}`]) {
      for (const action of ['view', 'love', 'visit']) {
        const response = await post(`/api/spots/6/${action}`, `sid=${forged}`);
        expect(response.status, `${action} with ${forged}`).toBe(200);
        const issued = issuedVisitor(response);
        expect(issued, `${action} with ${forged}`).not.toBeNull();
        expect(issued!.sessionId).not.toBe(forgedId);
        expect(issued!.cookie).toMatch(/^sid=[0-9a-f-]{36}\.[\w-]{43}$/);
      }
    }
    expect(await engagementsOf(forgedId)).toEqual([]);
  });
});

describe('POST /api/spots/{id}/view', () => {
  it('counts a view once per visitor per spot per day, and answers the whole spot each time', async () => {
    const before = await spotRow(1);
    const visitor = await newVisitor(server.url);
    const first = await post('/api/spots/1/view', visitor.cookie);
    expect(first.status).toBe(200);
    expect(expectContract(OpenedSpotSchema, await first.json())).toMatchObject({
      id: 1,
      viewCount: before.viewCount + 1,
      counted: true,
      spot: { id: 1, name: before.name, mapsUrl: before.mapsUrl },
    });

    const again = await post('/api/spots/1/view', visitor.cookie);
    expect(again.status).toBe(200);
    expect(expectContract(OpenedSpotSchema, await again.json())).toMatchObject({
      id: 1,
      viewCount: before.viewCount + 1,
      counted: false,
      spot: { mapsUrl: before.mapsUrl },
    });
    expect((await spotRow(1)).viewCount).toBe(before.viewCount + 1);
    const rows = await engagementsOf(visitor.sessionId, 'view');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ spotId: 1, userId: null });
  });

  it('300 views from one visitor, at once, move the view count by 1', async () => {
    const before = await spotRow(7);
    const visitor = await newVisitor(server.url);
    const responses = await Promise.all(Array.from({ length: 300 }, () => post('/api/spots/7/view', visitor.cookie)));
    expect(responses.map((r) => r.status)).toEqual(Array(300).fill(200));
    const counted = await Promise.all(responses.map(async (r) => (await r.json()).counted));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect((await spotRow(7)).viewCount).toBe(before.viewCount + 1);
    expect(await engagementsOf(visitor.sessionId, 'view')).toHaveLength(1);
  });

  it("a view from an earlier city day does not hold back today's", async () => {
    const before = await spotRow(8);
    const visitor = await newVisitor(server.url);
    // One millisecond before midnight in Scottsdale: yesterday there, whatever the server's zone.
    const lateYesterday = new Date(cityDayStart(new Date()).getTime() - 1);
    await db.insert(userEngagements).values({ spotId: 8, sessionId: visitor.sessionId, engagementType: 'view', createdAt: lateYesterday });
    const today = await post('/api/spots/8/view', visitor.cookie);
    expect(await today.json()).toMatchObject({ viewCount: before.viewCount + 1, counted: true });
    expect(await engagementsOf(visitor.sessionId, 'view')).toHaveLength(2);
  });

  it('a first view without a cookie counts once for the new visitor it creates', async () => {
    const before = await spotRow(9);
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('/api/spots/9/view')));
    const sessions = new Set(responses.map((r) => issuedVisitor(r)!.sessionId));
    expect(sessions.size).toBe(5);
    expect((await spotRow(9)).viewCount).toBe(before.viewCount + 5);
  });
});

describe('Love and Been-here', () => {
  it.each([
    ['love', 'lovedCount'],
    ['visit', 'visitedCount'],
  ] as const)('%s is one-way per visitor', async (action, field) => {
    const before = await spotRow(2);
    const first = await post(`/api/spots/2/${action}`);
    const visitor = issuedVisitor(first)!;
    expect(expectContract(SpotReactionSchema, await first.json())).toMatchObject({ id: 2, [field]: before[field] + 1, counted: true });
    const second = await post(`/api/spots/2/${action}`, visitor.cookie);
    expect(expectContract(SpotReactionSchema, await second.json())).toMatchObject({ id: 2, [field]: before[field] + 1, counted: false });
    expect((await spotRow(2))[field]).toBe(before[field] + 1);
  });

  it('100 loves at once with the same signed visitor id count once', async () => {
    const before = await spotRow(10);
    const visitor = await newVisitor(server.url);
    const responses = await Promise.all(Array.from({ length: 100 }, () => post('/api/spots/10/love', visitor.cookie)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect((await spotRow(10)).lovedCount).toBe(before.lovedCount + 1);
    expect(await engagementsOf(visitor.sessionId, 'love')).toHaveLength(1);
  });

  it('love and been-here of one visitor are independent', async () => {
    const before = await spotRow(3);
    const visitor = issuedVisitor(await post('/api/spots/3/love'))!;
    await post('/api/spots/3/visit', visitor.cookie);
    const after = await spotRow(3);
    expect([after.lovedCount, after.visitedCount]).toEqual([before.lovedCount + 1, before.visitedCount + 1]);
  });

  it('500 concurrent loves from 500 visitors add exactly 500', async () => {
    const before = await spotRow(4);
    const responses = await Promise.all(Array.from({ length: 500 }, () => post('/api/spots/4/love')));
    expect(responses.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
    expect((await spotRow(4)).lovedCount).toBe(before.lovedCount + 500);
  });
});

describe('bad ids change nothing', () => {
  it.each(['view', 'love', 'visit'])('%s: unknown id is 404 JSON, non-numeric id is 400', async (action) => {
    const snapshot = await db.select().from(spots);
    const engagements = (await db.select().from(userEngagements)).length;

    const missing = await post(`/api/spots/999999/${action}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Spot not found' });

    for (const bad of ['abc', '1.5', '-1', '0']) {
      const response = await post(`/api/spots/${bad}/${action}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/Id must be a positive whole number/);
    }
    expect(await db.select().from(spots)).toEqual(snapshot);
    expect((await db.select().from(userEngagements)).length).toBe(engagements);
  });

  it('GET on a write endpoint is not allowed', async () => {
    expect((await server.fetch('/api/spots/1/love')).status).toBe(405);
  });
});

describe('GET /api/spots', () => {
  const list = async (query = '') => {
    const response = await server.fetch(`/api/spots${query}`);
    return { status: response.status, body: await response.json() };
  };

  it('pages through every spot, most viewed first by default', async () => {
    const all = await db.select().from(spots);
    const { body } = await list();
    expect(body.total).toBe(all.length);
    expect(body.pageSize).toBe(24);
    expect(body.spots).toHaveLength(24);
    const views = body.spots.map((s: { viewCount: number }) => s.viewCount);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    const page2 = await list('?page=2');
    expect(page2.body.spots).toHaveLength(Math.min(24, all.length - 24));
    expect(page2.body.spots[0].id).not.toBe(body.spots[0].id);
  });

  it('filters by category, by every tag given, and by text', async () => {
    const hikes = await list('?category=hike');
    expect(hikes.body.total).toBeGreaterThan(0);
    expect(hikes.body.spots.every((s: { category: string }) => s.category === 'hike')).toBe(true);

    const tagged = await list('?tag=Hidden%20Gem&tag=Date%20Night');
    expect(tagged.body.spots.every((s: { tags: string[] }) => s.tags.includes('Hidden Gem') && s.tags.includes('Date Night'))).toBe(true);

    const [first] = await db.select().from(spots).limit(1);
    const word = first!.name.split(' ')[0]!.toLowerCase();
    const found = await list(`?q=${encodeURIComponent(word)}`);
    expect(found.body.spots.some((s: { id: number }) => s.id === first!.id)).toBe(true);

    const literal = await list('?q=%25');
    expect(literal.body.total).toBe(0);
  });

  it.each([
    ['newest', 'createdAt', (s: { createdAt: string }) => Date.parse(s.createdAt)],
    ['loved', 'lovedCount', (s: { lovedCount: number }) => s.lovedCount],
    ['score', 'score', (s: { score: number }) => s.score],
  ] as const)('sort=%s orders by %s, highest first', async (sort, _field, value) => {
    const { body } = await list(`?sort=${sort}`);
    const values = body.spots.map(value as (s: unknown) => number);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it.each(['category=brunch', 'tag=Cheap', 'sort=random', 'page=0', `q=${'x'.repeat(101)}`])('rejects %s with 400', async (query) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Invalid query/);
  });
});

describe('cross-site writes', () => {
  it('a POST from another origin is refused and changes nothing', async () => {
    const before = await spotRow(5);
    const response = await server.fetch('/api/spots/5/love', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
    expect(await spotRow(5)).toEqual(before);
  });
  it('a form-encoded body is refused with 415', async () => {
    const response = await server.fetch('/api/spots/5/love', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(response.status).toBe(415);
  });
});
