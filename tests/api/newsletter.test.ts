import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
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

const subscribe = (body: unknown, raw?: string) =>
  server.fetch('/api/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: raw ?? JSON.stringify(body),
  });
const rows = () => db.select().from(newsletterSubscribers);

describe('POST /api/subscribe', () => {
  it('stores a new subscriber once, lower-cased', async () => {
    const response = await subscribe({ email: '  Desert.Fan@Example.com ' });
    expect(response.status).toBe(200);
    expect((await rows()).filter((r) => r.email === 'desert.fan@example.com')).toMatchObject([{ isActive: true }]);
  });

  it('a repeat sign-up is a success, never a duplicate, and reactivates an inactive subscriber', async () => {
    await subscribe({ email: 'again@example.com' });
    await db.update(newsletterSubscribers).set({ isActive: false }).where(eq(newsletterSubscribers.email, 'again@example.com'));
    const response = await subscribe({ email: 'again@example.com' });
    expect(response.status).toBe(200);
    const mine = (await rows()).filter((r) => r.email === 'again@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.isActive).toBe(true);
  });

  it.each([
    [{ email: 'not-an-email' }, /valid email/],
    [{ email: '' }, /Email is required/],
    [{}, /email/],
    [{ email: 42 }, /email/],
    [[], /body/],
  ])('rejects %j with 400 and stores nothing', async (body, message) => {
    const before = (await rows()).length;
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
    expect((await rows()).length).toBe(before);
  });

  it('rejects malformed JSON and an oversized body', async () => {
    expect((await subscribe(null, '{"email":')).status).toBe(400);
    expect((await subscribe({ email: `${'a'.repeat(20_000)}@x.co` })).status).toBe(413);
  });
});
