import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { NewsletterSignupSchema, NewsletterStatusSchema, expectContract } from '../support/contracts';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'newsletter-signup-admin-password';
let server: TestServer;
let db: Database;
beforeAll(async () => {
  // No SMTP_URL: confirmation emails cannot go out.
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
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
  it('stores a new subscriber once, lower-cased, pending confirmation', async () => {
    const response = await subscribe({ email: '  Desert.Fan@Example.com ' });
    expect(response.status).toBe(200);
    expect(expectContract(NewsletterSignupSchema, await response.json()).message).toBe(
      "Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address.",
    );
    const mine = (await rows()).filter((r) => r.email === 'desert.fan@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ isActive: false, confirmedAt: null, confirmationSentAt: null });
    expect(mine[0]!.confirmationRequestedAt).toBeInstanceOf(Date);
  });

  it('a repeat sign-up is a success, never a duplicate, and leaves an unsubscribed address off the list until confirmed', async () => {
    await subscribe({ email: 'again@example.com' });
    await db.update(newsletterSubscribers).set({ isActive: false, confirmationRequestedAt: null }).where(eq(newsletterSubscribers.email, 'again@example.com'));
    const response = await subscribe({ email: 'again@example.com' });
    expect(response.status).toBe(200);
    const mine = (await rows()).filter((r) => r.email === 'again@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.isActive).toBe(false);
    expect(mine[0]!.confirmationRequestedAt).toBeInstanceOf(Date);
  });

  it('without SMTP the sign-up waits as pending and the admin newsletter card says why', async () => {
    const login = await server.fetch('/api/admin/auth', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const admin = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const pending = (await rows()).filter((r) => !r.isActive && r.confirmationRequestedAt).length;
    expect(pending).toBeGreaterThan(0);
    const status = expectContract(NewsletterStatusSchema, await (await server.fetch('/api/admin/newsletter', { headers: { cookie: admin } })).json());
    expect(status.pendingSubscribers).toBe(pending);
    expect(status.confirmationWarning).toBe(
      `${pending} pending confirmation — SMTP is not configured (SMTP_URL and NEWSLETTER_FROM), so confirmation emails can't be sent.`,
    );
  });

  it.each([
    [{ email: 'not-an-email' }, /valid email/],
    [{ email: '' }, /Email is required/],
    // Messages are for people: the schema's own sentence, never "Invalid body: …".
    [{}, /^Email is required\.$/],
    [{ email: 42 }, /^Email is required\.$/],
    [[], /^Some of the details sent were not in the expected form\.$/],
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
