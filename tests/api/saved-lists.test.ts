import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { savedSpots, subscribers, userEngagements, users } from '../../db/schema';
import { apiBrowser } from '../support/api-browser';
import { startTestServer, type TestServer } from '../support/server';

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

const browser = () => apiBrowser(server);

async function signedInBrowser(email: string) {
  const b = browser();
  await b.call('GET', '/api/session');
  const signIn = await b.call('POST', '/api/session', { email, password: 'any password' });
  expect(signIn.status).toBe(200);
  return b;
}

describe('demo sign-in: one server-known identity', () => {
  it('makes an unverified user held in a signed httpOnly cookie; GET /api/session names it', async () => {
    const b = browser();
    expect((await b.call('GET', '/api/session')).body).toEqual({ user: null });
    const signIn = await b.call('POST', '/api/session', { email: ' Ana.Ruiz@Example.com ', password: 'x' });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().find((c) => c.startsWith('user='))).toMatch(/HttpOnly/i);
    expect(signIn.body.user).toEqual({ provider: 'demo', email: 'ana.ruiz@example.com', name: null, verified: false });
    expect((await b.call('GET', '/api/session')).body.user.email).toBe('ana.ruiz@example.com');
  });

  it('refuses a sign-in without both fields, with the form message, and makes no user', async () => {
    const before = (await db.select().from(users)).length;
    for (const body of [{ email: '', password: 'x' }, { email: 'a@example.com', password: '' }, { email: 'a@example.com' }]) {
      const answer = await browser().call('POST', '/api/session', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('Please fill in both email and password');
    }
    const bad = await browser().call('POST', '/api/session', { email: 'not-an-email', password: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Please enter a valid email address.');
    expect((await db.select().from(users)).length).toBe(before);
  });

  it('a forged or tampered user cookie is no one', async () => {
    const b = await signedInBrowser('forger@example.com');
    // The cookie is a random token the server keeps only the hash of: one changed character is no session.
    const token = decodeURIComponent(b.jar.get('user')!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    b.jar.set('user', `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`);
    expect((await b.call('GET', '/api/session')).body.user).toBeNull();
    b.jar.set('user', 'user:demo:1');
    expect((await b.call('GET', '/api/session')).body.user).toBeNull();
  });

  it("typing a subscriber's address never unlocks their subscription", async () => {
    await db.insert(subscribers).values({ email: 'paid.member@example.com', subscriptionStatus: 'active' });
    const b = await signedInBrowser('paid.member@example.com');
    const account = await b.call('GET', '/api/account');
    expect(account.body.subscriber?.verified ?? false).toBe(false);
  });

  it('signing out drops the cookie', async () => {
    const b = await signedInBrowser('leaving@example.com');
    expect((await b.call('DELETE', '/api/session')).body).toEqual({ user: null });
    expect((await b.call('GET', '/api/session')).body.user).toBeNull();
  });
});

describe('saved lists', () => {
  it('an anonymous visitor cannot save on the server; their browser list is read back by ids, in order', async () => {
    const b = browser();
    const refused = await b.call('POST', '/api/saved', { spotIds: [1] });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Please sign in first.');
    expect((await b.call('DELETE', '/api/saved/1')).status).toBe(401);
    expect((await b.call('GET', '/api/saved')).body).toEqual({ signedIn: false, spots: [] });
    const list = await b.call('GET', '/api/saved?ids=3,1,999999');
    expect(list.body.signedIn).toBe(false);
    expect(list.body.spots.map((s: { id: number }) => s.id)).toEqual([3, 1]);
    expect(list.headers.get('cache-control')).toMatch(/private/);
    const bad = await b.call('GET', '/api/saved?ids=1,,x');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('ids must be spot ids separated by commas');
  });

  it('saving is idempotent, skips unknown spots, and keeps the latest first', async () => {
    const b = await signedInBrowser('saver@example.com');
    expect((await b.call('POST', '/api/saved', { spotIds: [1, 2, 2, 999999] })).body).toEqual({ spotIds: [2, 1] });
    expect((await b.call('POST', '/api/saved', { spotIds: [1] })).body).toEqual({ spotIds: [2, 1] });
    expect((await b.call('POST', '/api/saved', { spotIds: [5] })).body).toEqual({ spotIds: [5, 2, 1] });
    const list = await b.call('GET', '/api/saved');
    expect(list.body.signedIn).toBe(true);
    expect(list.body.spots.map((s: { id: number }) => s.id)).toEqual([5, 2, 1]);
    expect(list.body.spots[0].name).toEqual(expect.any(String));
    expect((await b.call('DELETE', '/api/saved/2')).body).toEqual({ spotIds: [5, 1] });
    expect((await b.call('DELETE', '/api/saved/2')).body).toEqual({ spotIds: [5, 1] });
  });

  it('refuses bad bodies with a clear message and saves nothing', async () => {
    const b = await signedInBrowser('careful@example.com');
    for (const [body, message] of [
      [{ spotIds: [] }, 'Name at least one spot to save'],
      [{ spotIds: [1.5] }, 'Spot ids are whole numbers'],
      [{ spotIds: Array.from({ length: 201 }, (_, i) => i + 1) }, 'A saved list holds at most 200 spots'],
    ] as const) {
      const answer = await b.call('POST', '/api/saved', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await b.call('GET', '/api/saved')).body.spots).toEqual([]);
  });

  it('the same email typed in another browser is another user: nobody reads your list by typing your address', async () => {
    const mine = await signedInBrowser('private.list@example.com');
    await mine.call('POST', '/api/saved', { spotIds: [4] });
    const theirs = await signedInBrowser('private.list@example.com');
    expect((await theirs.call('GET', '/api/saved')).body.spots).toEqual([]);
  });

  it('a locked visitor may save; the list shows names and pictures, never premium fields', async () => {
    const b = await signedInBrowser('locked.saver@example.com');
    // An email holder (typed at checkout; Stripe is not set up here) who opened 3 spots is locked.
    await b.call('POST', '/api/create-subscription', { email: 'locked.saver@example.com' });
    expect(b.jar.get('subscriber')).toBeDefined();
    for (const id of [1, 2, 3]) expect((await b.call('POST', `/api/spots/${id}/view`)).status).toBe(200);
    expect((await b.call('POST', '/api/spots/4/view')).status).toBe(402);
    expect((await b.call('POST', '/api/saved', { spotIds: [6] })).status).toBe(200);
    const [spot] = (await b.call('GET', '/api/saved')).body.spots;
    expect(spot).toMatchObject({ id: 6, locked: true, mapsUrl: '', website: null });
    expect(spot.name).toEqual(expect.any(String));
    expect(spot.imageUrl || spot.thumbnailUrl || spot.category).toBeTruthy();
  });
});

describe('activity follows the user', () => {
  it("a visitor's loves before signing in become the user's at sign-in", async () => {
    const b = browser();
    await b.call('POST', '/api/spots/7/love');
    const sessionId = decodeURIComponent(b.jar.get('sid')!).split('.')[0]!;
    await b.call('POST', '/api/session', { email: 'merger@example.com', password: 'x' });
    const [user] = await db.select().from(users).where(eq(users.email, 'merger@example.com'));
    const rows = await db
      .select()
      .from(userEngagements)
      .where(and(eq(userEngagements.sessionId, sessionId), eq(userEngagements.spotId, 7)));
    expect(rows.map((row) => row.userId)).toEqual([user!.id]);
  });

  it('a signed-in user loves a spot once across sessions', async () => {
    const first = await signedInBrowser('two.devices@example.com');
    expect((await first.call('POST', '/api/spots/8/love')).body.counted).toBe(true);
    // The same user cookie in a second visitor session (another tab after the sid was cleared).
    const second = browser();
    await second.call('GET', '/api/session');
    second.jar.set('user', first.jar.get('user')!);
    expect((await second.call('GET', '/api/session')).body.user.email).toBe('two.devices@example.com');
    expect((await second.call('POST', '/api/spots/8/love')).body.counted).toBe(false);
  });

  it('a saved row names its user and spot', async () => {
    const b = await signedInBrowser('rows@example.com');
    await b.call('POST', '/api/saved', { spotIds: [9] });
    const [user] = await db.select().from(users).where(eq(users.email, 'rows@example.com'));
    expect(await db.select({ spotId: savedSpots.spotId }).from(savedSpots).where(eq(savedSpots.userId, user!.id))).toEqual([{ spotId: 9 }]);
  });
});
