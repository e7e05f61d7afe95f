import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { authSessions, newsletterSubscribers, savedSpots, spots, subscribers, userEngagements, users } from '../../db/schema';
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

describe('a member’s own data on /account', () => {
  it('downloads my data as JSON: account, saved spots, engagement; a typed email opens no one’s subscription', async () => {
    await db.insert(subscribers).values({ email: 'mine@example.com', subscriptionStatus: 'active', amount: 299, currency: 'usd' });
    const b = browser();
    await b.call('GET', '/api/session');
    expect((await b.call('POST', '/api/session', { email: 'mine@example.com', password: 'any password' })).status).toBe(200);
    expect((await b.call('POST', '/api/spots/2/love')).status).toBe(200);
    expect((await b.call('POST', '/api/saved', { spotIds: [1, 3] })).status).toBe(200);
    const [spot1] = await db.select({ slug: spots.slug }).from(spots).where(eq(spots.id, 1));

    const data = await b.call('GET', '/api/account/data');
    expect(data.status).toBe(200);
    expect(data.headers.get('content-disposition')).toBe('attachment; filename="scottsdale-guide-my-data.json"');
    expect(data.headers.get('cache-control')).toBe('private, no-store');
    expect(data.body.account).toMatchObject({ provider: 'demo', email: 'mine@example.com' });
    expect((data.body.savedSpots as { spot: string }[]).map((s) => s.spot)).toContain(spot1!.slug);
    expect((data.body.engagement as { kind: string }[]).map((e) => e.kind)).toContain('love');
    // The demo sign-in never proved the address: the subscription made for it is not shown.
    expect(data.body.subscriptions).toEqual([]);
    expect(data.body.newsletter).toBeNull();

    expect((await browser().call('GET', '/api/account/data')).status).toBe(401);
  });

  it('deletes my account: engagement kept but anonymous, saved list and sessions gone, the subscription row kept for invoices', async () => {
    const b = browser();
    await b.call('GET', '/api/session');
    expect((await b.call('POST', '/api/session', { email: 'leaving.for.good@example.com', password: 'any password' })).status).toBe(200);
    expect((await b.call('POST', '/api/spots/4/love')).status).toBe(200);
    expect((await b.call('POST', '/api/saved', { spotIds: [4] })).status).toBe(200);
    await db.insert(subscribers).values({ email: 'leaving.for.good@example.com', stripeCustomerId: 'cus_kept', subscriptionStatus: 'canceled' });
    await db.insert(newsletterSubscribers).values({ email: 'leaving.for.good@example.com', isActive: true });
    const [user] = await db.select().from(users).where(eq(users.email, 'leaving.for.good@example.com'));
    const [{ lovedCount: lovedBefore }] = (await db.select({ lovedCount: spots.lovedCount }).from(spots).where(eq(spots.id, 4))) as [{ lovedCount: number }];

    const unconfirmed = await b.call('POST', '/api/account/delete', {});
    expect(unconfirmed.status).toBe(400);
    expect((await db.select().from(users).where(eq(users.id, user!.id))).length).toBe(1);

    const deleted = await b.call('POST', '/api/account/delete', { confirm: true });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
    expect(await db.select().from(savedSpots).where(eq(savedSpots.userId, user!.id))).toEqual([]);
    expect(await db.select().from(userEngagements).where(eq(userEngagements.userId, user!.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(authSessions)
        .where(eq(authSessions.subject, String(user!.id))),
    ).toEqual([]);
    const [{ lovedCount: lovedAfter }] = (await db.select({ lovedCount: spots.lovedCount }).from(spots).where(eq(spots.id, 4))) as [{ lovedCount: number }];
    expect(lovedAfter).toBe(lovedBefore);
    expect(await db.select().from(subscribers).where(eq(subscribers.stripeCustomerId, 'cus_kept'))).toHaveLength(1);
    // A typed (demo) email is not proven, so the newsletter address is not the account's to remove.
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'leaving.for.good@example.com'))).toHaveLength(1);
    expect((await b.call('GET', '/api/session')).body.user).toBeNull();
    expect((await b.call('GET', '/api/account/data')).status).toBe(401);
  });
});
