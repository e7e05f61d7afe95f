// Gift memberships with the real `stripe` SDK against the fake Stripe and a real SMTP sink: bought
// once in payment mode, the link mailed to the recipient and the buyer, redeemed once in another
// browser, shown on the members list and the revenue page, extending a paying member's
// subscription; then the server's clock is moved (injected) and the gift's access ends on time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { gifts, history, subscribers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { checkoutFrom, isActive, postAs } from '../support/members';
import { staffWithSession } from '../support/staff-session';
import { serverClock } from '../support/clock';

const MONTHLY = 'price_test_monthly';
const YEARLY = 'price_test_yearly';
const DAY = 86_400_000;
let stripe: FakeStripe;
let sink: SmtpSink;
let server: TestServer;
let db: Database;
let owner: string;
const clock = serverClock();

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299, [YEARLY]: { amount: 2990, interval: 'year' } } });
  sink = await startSmtpSink();
  server = await startTestServer({
    env: {
      ...stripeEnv(stripe, [MONTHLY]),
      STRIPE_YEARLY_PRICE_ID: YEARLY,
      SMTP_URL: sink.url,
      NEWSLETTER_FROM: 'Scottsdale Local Guide <hello@example.com>',
      ...clock.env,
    },
    nodeArgs: clock.nodeArgs,
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  owner = (await staffWithSession(server.databaseUrl, { name: 'Olive Owner', email: 'olive@example.com', role: 'owner' })).token;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
  await sink?.stop();
  clock.dispose();
});

const asOwner = (path: string) => server.fetch(path, { headers: { cookie: `admin_session=${owner}` } });

/** Buys a gift as `buyer` (a browser), pays it on the fake's hosted page; answers the session and the mailed link. */
async function buyGift(months: 1 | 3 | 12, recipientEmail: string, buyerEmail: string, buyer = new CookieJar()) {
  const before = sink.messages.length;
  const started = await postAs(server, '/api/gifts', buyer, { months, recipientEmail, buyerEmail });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get('location')!);
  await sink.waitFor(before + 2);
  const mail = sink.to(recipientEmail).at(-1)!;
  const link = /https?:\/\/\S+\/gift\/[0-9]+\.[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')![0];
  return { sessionId: back.searchParams.get('session_id')!, returnPath: `${back.pathname}${back.search}`, link, token: link.split('/gift/')[1]!, buyer };
}

const redeem = (token: string, jar: CookieJar) => postAs(server, '/api/gifts/redeem', jar, { token });
const planOf = async (jar: CookieJar) => (await server.fetch('/api/account/plan', { headers: { cookie: jar.header() } })).json();

let friend: { token: string; jar: CookieJar; until: string };

describe('buying a gift', () => {
  it('is a payment-mode Checkout for 3 × the monthly price; paid, it mails the recipient and the buyer the same link', async () => {
    const bought = await buyGift(3, 'friend@example.com', 'giver@example.com');
    const request = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.body).toMatchObject({
      mode: 'payment',
      customer_email: 'giver@example.com',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '897', product_data: { name: 'Scottsdale Local Guide: 3 months of membership, as a gift' } }, quantity: '1' },
      ],
      metadata: { gift: 'membership', months: '3', recipient: 'friend@example.com' },
    });
    expect(stripe.session(bought.sessionId)).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: null, amount_total: 897 });
    const [row] = await db.select().from(gifts).where(eq(gifts.checkoutSessionId, bought.sessionId));
    expect(row).toMatchObject({ state: 'paid', months: 3, amount: 897, recipientEmail: 'friend@example.com', buyerEmail: 'giver@example.com' });
    expect(row!.paymentIntentId).toBe(stripe.session(bought.sessionId).payment_intent);
    expect(sink.to('friend@example.com').at(-1)!.parsed.subject).toBe('A gift for you: 3 months of the Scottsdale Local Guide');
    expect(sink.to('giver@example.com').at(-1)!.parsed.text).toContain(bought.link);
    // A redelivered completion mails nobody again.
    const completed = stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    await stripe.deliver(completed);
    expect(sink.to('friend@example.com')).toHaveLength(1);
    // The buyer's return page shows the link only in the browser that bought it.
    expect(await (await server.fetch(bought.returnPath, { headers: { cookie: bought.buyer.header() } })).text()).toContain(bought.link);
    const elsewhere = await (await server.fetch(bought.returnPath)).text();
    expect(elsewhere).not.toContain(bought.token);
    expect(elsewhere).toContain('Your gift is on its way');
    const [entry] = await db.select().from(history).where(eq(history.kind, 'gift'));
    expect(entry).toMatchObject({ event: 'bought', subjectLabel: 'friend@example.com', actorName: 'The guide' });
    friend = { token: bought.token, jar: new CookieJar(), until: '' };
  });

  it('refuses other lengths', async () => {
    const refused = await postAs(server, '/api/gifts', new CookieJar(), { months: 6, recipientEmail: 'a@example.com', buyerEmail: 'b@example.com' });
    expect(refused.status).toBe(400);
  });
});

describe('redeeming a gift', () => {
  it('opening the link changes nothing; the button unlocks another browser for exactly 3 months, without a card', async () => {
    const page = await server.fetch(`/gift/${friend.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('For <strong>friend@example.com</strong>');
    expect((await db.select().from(gifts))[0]!.state).toBe('paid');
    const at = clock.now().getTime();
    const redeemed = await redeem(friend.token, friend.jar);
    expect(redeemed.status).toBe(200);
    const body = (await redeemed.json()) as { email: string; until: string; extended: boolean };
    const expected = new Date(at);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(body.email).toBe('friend@example.com');
    expect(body.extended).toBe(false);
    expect(Math.abs(Date.parse(body.until) - expected.getTime())).toBeLessThan(60_000);
    friend.until = body.until;
    expect(await isActive(server, friend.jar, 'friend@example.com')).toBe(true);
    expect(await planOf(friend.jar)).toEqual({ plan: 'gift', until: body.until });
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, 'friend@example.com'));
    expect(row).toMatchObject({ stripeStatus: 'gift', subscriptionStatus: 'active', stripeSubscriptionId: null, amount: null });
    expect(row!.compUntil!.toISOString()).toBe(body.until);
    // A gift has no Stripe customer, so no billing portal.
    const portal = await postAs(server, '/api/billing-portal', friend.jar, {});
    expect(portal.status).toBe(404);
  });

  it('works once: a second redemption anywhere is refused, and a forged link is not a gift', async () => {
    const again = await redeem(friend.token, new CookieJar());
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This gift has already been redeemed.');
    expect((await server.fetch(`/gift/${friend.token}`)).status).toBe(410);
    const [id, sig] = friend.token.split('.') as [string, string];
    const forged = `${id}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const refused = await redeem(forged, new CookieJar());
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe('This gift link is not valid. Check that you opened the whole link from the email.');
    expect((await redeem(`${Number(id) + 1}.${sig}`, new CookieJar())).status).toBe(404);
  });

  it('for someone who already pays, moves their next charge back by the gift’s length instead', async () => {
    const { subscriptionId, jar } = await checkoutFrom(server, stripe, 'payer@example.com', '/');
    const periodEnd = stripe.subscription(subscriptionId).items.data[0]!.current_period_end;
    const gift = await buyGift(1, 'payer@example.com', 'aunt@example.com');
    const redeemed = await redeem(gift.token, jar);
    expect(redeemed.status).toBe(200);
    const body = (await redeemed.json()) as { until: string; extended: boolean };
    expect(body.extended).toBe(true);
    await stripe.settled();
    const sub = stripe.subscription(subscriptionId);
    const expected = new Date(periodEnd * 1000);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(sub.trial_end).toBe(Math.floor(expected.getTime() / 1000));
    expect(sub.status).toBe('trialing');
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.body).toEqual({ trial_end: String(sub.trial_end), proration_behavior: 'none' });
    expect(await isActive(server, jar, 'payer@example.com')).toBe(true);
    const rows = await db.select().from(subscribers).where(eq(subscribers.email, 'payer@example.com'));
    expect(rows.map((r) => [r.stripeStatus, r.subscriptionStatus])).toEqual([['trialing', 'active']]);
  });
});

describe('gifts in the back office', () => {
  it('the members list gives a gift its own state; the revenue page’s gift figures match the fake’s payments', async () => {
    const list = await (await asOwner('/api/admin/members?state=gift')).json();
    expect(list.members.map((m: { email: string; state: string }) => [m.email, m.state])).toEqual([['friend@example.com', 'gift']]);
    const paidGifts = stripe.events
      .filter((e) => e.type === 'checkout.session.completed')
      .map((e) => e.data.object as { id: string; mode: string; amount_total: number })
      .filter((s, i, all) => s.mode === 'payment' && all.findIndex((x) => x.id === s.id) === i);
    const html = await (await asOwner('/admin/members/revenue')).text();
    const figure = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
    const total = paidGifts.reduce((sum, s) => sum + s.amount_total, 0);
    expect(figure('gifts-bought')).toBe(`${paidGifts.length} ($${(total / 100).toFixed(2)})`);
    expect(figure('gifts-redeemed')).toBe('2, 0 waiting for their recipient');
    expect(figure('gifts-active')).toBe('1');
  });
});

describe('the gift runs out by time (the server’s clock moved forward)', () => {
  it('still unlocks a day before its end, and locks the browser once its 3 months are over', async () => {
    const end = Date.parse(friend.until);
    clock.advance(end - clock.now().getTime() - DAY);
    expect(await isActive(server, friend.jar, 'friend@example.com')).toBe(true);
    clock.advance(2 * DAY);
    expect(await isActive(server, friend.jar, 'friend@example.com')).toBe(false);
    expect(await planOf(friend.jar)).toEqual({ plan: null, until: null });
  });
});
