import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { funnelEvents, spots, subscribers, subscriptionPayments } from '../../db/schema';
import { FREE_SPOT_VIEWS } from '../../src/lib/constants';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { postAs } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { runScript } from '../support/scripts';

const MONTHLY = 'price_test_monthly';
const YEARLY = 'price_test_yearly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299, [YEARLY]: { amount: 2990, interval: 'year' } } });
  server = await startTestServer({ env: stripeEnv(stripe, [MONTHLY, YEARLY]) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const post = (path: string, jar: CookieJar, body?: unknown, from?: string) => postAs(server, path, jar, body, from);

/** Checkout started on page `from` (its Referer), paid on the fake's hosted page; answers the subscription id. */
async function subscribeFrom(email: string, from: string, jar = new CookieJar(), priceId?: string) {
  const created = await post('/api/create-subscription', jar, { email, ...(priceId ? { priceId } : {}) }, from);
  expect(created.status).toBe(200);
  const { url } = await created.json();
  expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  await stripe.settled();
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  return { row: row!, jar };
}

const eventsOf = (sessionId: string) => db.select().from(funnelEvents).where(eq(funnelEvents.sessionId, sessionId)).orderBy(asc(funnelEvents.id));
const sidOf = (jar: CookieJar) => decodeURIComponent(jar.get('sid')!).split('.')[0]!;

describe('the money, recorded from Stripe webhooks', () => {
  it('a monthly checkout saves price, amount, currency, interval, status, start and the paid invoice', async () => {
    const { row } = await subscribeFrom('money.monthly@example.com', '/');
    expect(row).toMatchObject({
      priceId: MONTHLY,
      amount: 299,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      stripeStatus: 'active',
      subscriptionStatus: 'active',
      cancelAt: null,
      endedAt: null,
    });
    const sub = stripe.subscription(row.stripeSubscriptionId!);
    expect(row.startedAt?.getTime()).toBe(sub.start_date * 1000);
    const payments = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, sub.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ invoiceId: sub.latest_invoice, amountPaid: 299, amountRefunded: 0, currency: 'usd' });
  });

  it('a yearly price keeps its interval and amount', async () => {
    const { row } = await subscribeFrom('money.yearly@example.com', '/launch', new CookieJar(), YEARLY);
    expect(row).toMatchObject({ priceId: YEARLY, amount: 2990, interval: 'year', sourceKind: 'launch', sourceId: null });
  });

  it('cancel at period end records the date; the end records when access stopped and a cancelled step once', async () => {
    const { row } = await subscribeFrom('money.leaving@example.com', '/');
    const id = row.stripeSubscriptionId!;
    const Stripe = (await import('stripe')).default;
    const client = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: 'http' });
    await client.subscriptions.update(id, { cancel_at_period_end: true });
    await stripe.settled();
    const [scheduled] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, id));
    expect(scheduled!.cancelAt?.getTime()).toBe(stripe.subscription(id).cancel_at! * 1000);
    expect(scheduled!.subscriptionStatus).toBe('active');
    await stripe.setSubscriptionStatus(id, 'canceled');
    const [ended] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, id));
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', stripeStatus: 'canceled' });
    expect(ended!.endedAt?.getTime()).toBe(stripe.subscription(id).ended_at! * 1000);
    // Stripe delivers at least once: a redelivery of the deletion adds no second step.
    await stripe.deliver(stripe.events.filter((e) => e.type === 'customer.subscription.deleted').at(-1)!);
    const cancelled = await db.select().from(funnelEvents).where(eq(funnelEvents.stripeSubscriptionId, id));
    expect(cancelled.map((e) => e.kind).sort()).toEqual(['cancelled', 'paid']);
  });

  it('a renewal adds a payment; a redelivered invoice.paid adds none', async () => {
    const { row } = await subscribeFrom('money.renews@example.com', '/');
    const event = await stripe.payInvoice(row.stripeSubscriptionId!);
    await stripe.deliver(event);
    const payments = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, row.stripeSubscriptionId!));
    expect(payments.map((p) => p.amountPaid)).toEqual([299, 299]);
  });
});

describe('npm run members:backfill', () => {
  it('fills, once, the money of subscriptions recorded before it was kept, from Stripe', async () => {
    const { row } = await subscribeFrom('money.before@example.com', '/');
    const blank = { priceId: null, amount: null, currency: null, interval: null, intervalCount: null, startedAt: null };
    await db.update(subscribers).set(blank).where(eq(subscribers.id, row.id));
    const env = { ...stripeEnv(stripe, [MONTHLY, YEARLY]), DATABASE_URL: server.databaseUrl };
    const first = await runScript('members-backfill.ts', [], env);
    expect(first.output).toContain('Filled 1 subscription from Stripe.');
    expect(first.code).toBe(0);
    const [filled] = await db.select().from(subscribers).where(eq(subscribers.id, row.id));
    expect(filled).toMatchObject({ priceId: MONTHLY, amount: 299, currency: 'usd', interval: 'month', intervalCount: 1 });
    expect(filled!.startedAt?.getTime()).toBe(stripe.subscription(row.stripeSubscriptionId!).start_date * 1000);
    const before = stripe.requests.length;
    const again = await runScript('members-backfill.ts', [], env);
    expect(again.output).toContain('Filled 0 subscriptions from Stripe.');
    expect(stripe.requests.length).toBe(before);
  });
});

describe('the paywall funnel, first-party', () => {
  it('records free views, the limit on its spot, the dialog, the checkout from a spot page and the payment, in one visitor session', async () => {
    const all = await db
      .select({ id: spots.id, slug: spots.slug })
      .from(spots)
      .orderBy(asc(spots.id))
      .limit(FREE_SPOT_VIEWS + 1);
    const jar = new CookieJar();
    // The subscribe dialog's first step: the email is claimed, checkout not paid.
    expect((await post('/api/create-subscription', jar, { email: 'funnel.walker@example.com' }, '/spots')).status).toBe(200);
    for (const spot of all.slice(0, FREE_SPOT_VIEWS)) expect((await post(`/api/spots/${spot.id}/view`, jar)).status).toBe(200);
    expect((await post(`/api/spots/${all[FREE_SPOT_VIEWS]!.id}/view`, jar)).status).toBe(402);
    const limitSpot = all[FREE_SPOT_VIEWS]!.slug;
    expect((await post('/api/funnel/dialog-opened', jar, undefined, `/spots/${limitSpot}`)).status).toBe(200);
    const { row } = await subscribeFrom('funnel.walker@example.com', `/spots/${limitSpot}`, jar);

    const steps = await eventsOf(sidOf(jar));
    expect(steps.map((e) => [e.kind, e.sourceKind, e.sourceId])).toEqual([
      ['checkout_started', 'other', null],
      ...all.slice(0, FREE_SPOT_VIEWS).map((s) => ['free_view', 'spot', s.slug]),
      ['limit_reached', 'spot', limitSpot],
      ['dialog_opened', 'spot', limitSpot],
      ['checkout_started', 'spot', limitSpot],
      ['paid', 'spot', limitSpot],
    ]);
    expect(steps.at(-1)!.stripeSubscriptionId).toBe(row.stripeSubscriptionId);
    expect(row).toMatchObject({ sourceKind: 'spot', sourceId: limitSpot });
  });

  it('a Story page is a Story source; the success page and the webhook together record one payment step', async () => {
    const jar = new CookieJar();
    const { row } = await subscribeFrom('story.reader@example.com', '/blog/best-patios-in-old-town', jar);
    const sessionId = stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!.data.object as { id: string };
    expect((await post('/api/subscription/success', jar, { sessionId: sessionId.id })).status).toBe(200);
    expect(row).toMatchObject({ sourceKind: 'story', sourceId: 'best-patios-in-old-town' });
    const paid = await db.select().from(funnelEvents).where(eq(funnelEvents.stripeSubscriptionId, row.stripeSubscriptionId!));
    expect(paid.map((e) => e.kind)).toEqual(['paid']);
  });

  it('keeps no address or browser: the table has no column for them', async () => {
    const columns = await db.$client.execute('PRAGMA table_info(funnel_events)');
    expect(columns.rows.map((r) => r.name)).toEqual([
      'id',
      'kind',
      'session_id',
      'source_kind',
      'source_id',
      'checkout_session_id',
      'stripe_subscription_id',
      'created_at',
    ]);
  });
});
