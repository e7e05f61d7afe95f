// Refunding a gift from the member page with the real `stripe` SDK against the fake: Stripe's refund
// on the gift's payment intent, the gift's access ended (or its unused link closed), a History entry,
// the gift figures without it; refused once the gift was paid more than the money-back days ago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { gifts, history } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { isActive, postAs } from '../support/members';
import { staffWithSession } from '../support/staff-session';

const MONTHLY = 'price_test_monthly';
const DAY = 86_400_000;
let stripe: FakeStripe;
let sink: SmtpSink;
let server: TestServer;
let db: Database;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299 } });
  sink = await startSmtpSink();
  server = await startTestServer({
    env: { ...stripeEnv(stripe, [MONTHLY]), SMTP_URL: sink.url, NEWSLETTER_FROM: 'Scottsdale Local Guide <hello@example.com>' },
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  for (const role of ['owner', 'support'] as const) {
    tokens[role] = (await staffWithSession(server.databaseUrl, { name: `Pat ${role}`, email: `${role}@example.com`, role })).token;
  }
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
  await sink?.stop();
});

const refund = (giftId: number, role = 'owner') =>
  server.fetch('/api/admin/members/refund-gift', {
    method: 'POST',
    headers: { origin: server.url, cookie: `admin_session=${tokens[role]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ giftId }),
  });

/** Buys a gift and pays it on the fake's hosted page; answers its row and the mailed link's token. */
async function buyGift(months: 1 | 3 | 12, recipientEmail: string) {
  const before = sink.messages.length;
  const started = await postAs(server, '/api/gifts', new CookieJar(), { months, recipientEmail, buyerEmail: 'kind.giver@example.com' });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  await sink.waitFor(before + 2);
  const token = /\/gift\/([0-9]+\.[A-Za-z0-9_-]{43})/.exec(sink.to(recipientEmail).at(-1)!.parsed.text ?? '')![1]!;
  const [row] = await db
    .select()
    .from(gifts)
    .where(eq(gifts.id, Number(token.split('.')[0])));
  return { row: row!, token };
}
const redeem = (token: string, jar: CookieJar) => postAs(server, '/api/gifts/redeem', jar, { token });

describe('refunding a gift', () => {
  it('a redeemed gift: Stripe refunds its payment intent in full, its access ends now, History records it', async () => {
    const { row, token } = await buyGift(3, 'redeemed.friend@example.com');
    const jar = new CookieJar();
    expect((await redeem(token, jar)).status).toBe(200);
    expect(await isActive(server, jar, 'redeemed.friend@example.com')).toBe(true);
    const member = await (await server.fetch('/admin/members/redeemed.friend%40example.com', { headers: { cookie: `admin_session=${tokens.owner}` } })).text();
    expect(member).toMatch(new RegExp(`<tr data-gift="${row.id}"[^>]*>[\\s\\S]*?Redeemed[\\s\\S]*?Refund gift`));

    const done = await refund(row.id);
    expect(done.status).toBe(200);
    const body = (await done.json()) as { refunded: number; currency: string; refund: string };
    expect(body).toMatchObject({ refunded: 897, currency: 'usd' });
    const [made] = stripe.refunds().filter((r) => r.id === body.refund);
    expect(made).toMatchObject({ payment_intent: row.paymentIntentId, amount: 897, status: 'succeeded', metadata: { gift: String(row.id) } });
    expect(await isActive(server, jar, 'redeemed.friend@example.com')).toBe(false);
    expect((await db.select().from(gifts).where(eq(gifts.id, row.id)))[0]!.state).toBe('refunded');
    const [entry] = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'gift'), eq(history.event, 'refunded')));
    expect(entry).toMatchObject({ actorName: 'Pat owner', subjectId: String(row.id), subjectLabel: 'redeemed.friend@example.com', before: { state: 'redeemed' } });
    expect(entry!.after).toMatchObject({ state: 'refunded', refund: body.refund, amount: 897, buyer: 'kind.giver@example.com' });

    const again = await refund(row.id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This gift has already been refunded.');
    expect(stripe.refunds()).toHaveLength(1);
  });

  it('a gift not yet redeemed: refunded, its link says so and no longer redeems; the gift figures leave it out', async () => {
    const { row, token } = await buyGift(1, 'waiting.friend@example.com');
    expect((await refund(row.id)).status).toBe(200);
    const page = await server.fetch(`/gift/${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This gift was refunded, so it can no longer be redeemed.');
    const refused = await redeem(token, new CookieJar());
    expect(refused.status).toBe(410);
    expect((await refused.json()).message).toBe('This gift was refunded, so it can no longer be redeemed.');
    const revenue = await (await server.fetch('/admin/members/revenue', { headers: { cookie: `admin_session=${tokens.owner}` } })).text();
    expect(/data-testid="gifts-bought"[^>]*>([^<]*)</.exec(revenue)![1]).toBe('0 ($0.00)');
  });

  it('is for staff who manage members, and only within the money-back days (paid 31 days ago)', async () => {
    const { row } = await buyGift(12, 'late.friend@example.com');
    expect((await refund(row.id, 'support')).status).toBe(403);
    expect((await refund(999_999)).status).toBe(404);
    await db
      .update(gifts)
      .set({ paidAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(gifts.id, row.id));
    const late = await refund(row.id);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("The 30-day money-back guarantee has passed for this gift. Refund it in Stripe's dashboard if you still want to.");
    expect(stripe.refunds()).toHaveLength(2);
    expect((await db.select().from(gifts).where(eq(gifts.id, row.id)))[0]!.state).toBe('paid');
  });
});
