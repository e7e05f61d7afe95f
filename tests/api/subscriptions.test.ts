import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { stripeEvents, subscribers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { AccountSchema, ActivatedSubscriptionSchema, BillingPortalLinkSchema, CheckoutLinkSchema, SubscriptionStatusSchema, expectContract } from '../support/contracts';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

const PRICE = 'price_test_monthly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;

const stripeSettings = (fake: FakeStripe) => stripeEnv(fake, [PRICE, 'price_test_yearly']);

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: [PRICE, 'price_test_yearly'] });
  server = await startTestServer({ env: stripeSettings(stripe) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

async function post(path: string, body: unknown, jar?: CookieJar) {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(jar ? { cookie: jar.header() } : {}) },
    body: JSON.stringify(body),
  });
  jar?.store(response);
  return response;
}

/** Starts checkout for `email` and pays on the fake's hosted page; answers the session id. */
async function subscribe(email: string, jar = new CookieJar()): Promise<{ sessionId: string; jar: CookieJar }> {
  const created = await post('/api/create-subscription', { email }, jar);
  expect(created.status).toBe(200);
  const { url } = expectContract(CheckoutLinkSchema, await created.json());
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const location = new URL(paid.headers.get('location')!);
  expect(location.pathname).toBe('/success');
  const sessionId = location.searchParams.get('session_id')!;
  expect(sessionId).toMatch(/^cs_test_/);
  return { sessionId, jar };
}

const userRow = async (email: string) => (await db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
/** What `GET /api/subscription/status` tells the browser holding `jar` (or a stranger without one). */
const status = async (email: string, jar?: CookieJar) =>
  (await (await server.fetch(`/api/subscription/status?email=${encodeURIComponent(email)}`, { headers: jar ? { cookie: jar.header() } : {} })).json()).isActive;
const setsSubscriber = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith('subscriber='));

describe('POST /api/create-subscription', () => {
  it('answers the checkout url for a subscription-mode session of the configured price', async () => {
    const jar = new CookieJar();
    const response = await post('/api/create-subscription', { email: 'Checkout.Fan@Example.com' }, jar);
    expect(response.status).toBe(200);
    const { url } = await response.json();
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICE, quantity: '1' }],
      success_url: `${server.url}/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(response.headers.get('set-cookie')).toMatch(/subscriber=.*HttpOnly/i);
    expect(jar.get('subscriber')).toBeDefined();
  });

  it('never picks a Stripe customer by the typed email: Checkout makes a new one for each checkout', async () => {
    const before = stripe.requests.length;
    await post('/api/create-subscription', { email: 'same.customer@example.com' });
    await post('/api/create-subscription', { email: 'same.customer@example.com' });
    const calls = stripe.requests.slice(before);
    expect(calls.filter((r) => r.path.startsWith('/v1/customers'))).toEqual([]);
    const sessions = calls.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sessions.map((r) => [r.body.customer, r.body.customer_email])).toEqual([
      [undefined, 'same.customer@example.com'],
      [undefined, 'same.customer@example.com'],
    ]);
  });

  it('accepts a configured priceId and refuses any other', async () => {
    expect((await post('/api/create-subscription', { email: 'y@example.com', priceId: 'price_test_yearly' })).status).toBe(200);
    const refused = await post('/api/create-subscription', { email: 'y@example.com', priceId: 'price_cheap' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('That price is not available.');
  });

  it.each([{ email: '' }, { email: 'nope' }, {}, { email: 7 }])('rejects %j with 400', async (body) => {
    const response = await post('/api/create-subscription', body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/email/i);
  });

  it('says the payment provider is unavailable when Stripe is down', async () => {
    stripe.failNextRequests(10);
    const response = await post('/api/create-subscription', { email: 'down@example.com' });
    stripe.failNextRequests(0);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('The payment provider is unavailable right now. Please try again in a few minutes.');
  });
});

describe('POST /api/subscription/success', () => {
  it('activates a paid checkout once, for the browser that started it', async () => {
    const { sessionId, jar } = await subscribe('new.member@example.com');
    expect(jar.get('checkout')).toBeDefined();
    const first = await post('/api/subscription/success', { sessionId }, jar);
    expect(first.status).toBe(200);
    expect(expectContract(ActivatedSubscriptionSchema, await first.json())).toEqual({ email: 'new.member@example.com', isActive: true, isFoundingMember: false });
    expect(setsSubscriber(first)).toBe(true);
    const rows = await db.select().from(subscribers).where(eq(subscribers.email, 'new.member@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscriptionStatus: 'active', isFoundingMember: false });
    expect(rows[0]!.stripeCustomerId).toMatch(/^cus_/);
    expect(rows[0]!.stripeSubscriptionId).toMatch(/^sub_/);
    expect(await status('new.member@example.com', jar)).toBe(true);
    const account = await server.fetch('/api/account', { headers: { cookie: jar.header() } });
    expect(expectContract(AccountSchema, await account.json())).toEqual({
      user: null,
      subscriber: { email: 'new.member@example.com', verified: true, isActive: true, isFoundingMember: false },
    });
  });

  it('a second use of the link fails, from the same browser or any other, and issues no cookie', async () => {
    const { sessionId, jar } = await subscribe('used.link@example.com');
    expect((await post('/api/subscription/success', { sessionId }, jar)).status).toBe(200);
    for (const browser of [jar, new CookieJar()]) {
      const again = await post('/api/subscription/success', { sessionId }, browser);
      expect(again.status).toBe(409);
      expect((await again.json()).message).toBe(
        'This checkout link has already been used. Open the site in the browser you subscribed from, or sign in with your subscription email.',
      );
      expect(setsSubscriber(again)).toBe(false);
    }
    // The starting browser keeps what the first use gave it.
    expect(await status('used.link@example.com', jar)).toBe(true);
  });

  it('a different browser holding the link gets no subscriber cookie and no billing portal; the payment still counts', async () => {
    const { sessionId, jar } = await subscribe('link.owner@example.com');
    const stranger = new CookieJar();
    // Even with the owner's email typed in (an unverified claim) and a checkout nonce of its own.
    expect((await post('/api/create-subscription', { email: 'link.owner@example.com' }, stranger)).status).toBe(200);
    const taken = await post('/api/subscription/success', { sessionId }, stranger);
    expect(taken.status).toBe(403);
    expect((await taken.json()).message).toMatch(/^Your subscription is active, but this checkout was started in another browser/);
    expect(setsSubscriber(taken)).toBe(false);
    expect((await post('/api/billing-portal', {}, stranger)).status).toBe(401);
    expect(await status('link.owner@example.com', stranger)).toBe(false);
    expect((await userRow('link.owner@example.com'))!.subscriptionStatus).toBe('active');

    // The refused attempt did not use the link up.
    const owner = await post('/api/subscription/success', { sessionId }, jar);
    expect(owner.status).toBe(200);
    expect((await post('/api/billing-portal', {}, jar)).status).toBe(200);
  });

  it('a browser without the checkout cookie, or with a forged one, is refused', async () => {
    const { sessionId } = await subscribe('no.cookie@example.com');
    expect((await post('/api/subscription/success', { sessionId })).status).toBe(403);
    const forged = new CookieJar();
    forged.set('checkout', 'some-nonce.AAAA');
    expect((await post('/api/subscription/success', { sessionId }, forged)).status).toBe(403);
  });

  it('refuses a checkout that was not paid', async () => {
    const jar = new CookieJar();
    const created = await post('/api/create-subscription', { email: 'unpaid@example.com' }, jar);
    const sessionId = (await created.json()).url.split('/').at(-1);
    const response = await post('/api/subscription/success', { sessionId }, jar);
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe('This checkout has not been paid yet.');
    expect(await userRow('unpaid@example.com')).toBeUndefined();
  });

  it('404 for an unknown session, 400 for a malformed one', async () => {
    expect((await post('/api/subscription/success', { sessionId: 'cs_test_doesnotexist' })).status).toBe(404);
    expect((await post('/api/subscription/success', { sessionId: 'not a session' })).status).toBe(400);
    expect((await post('/api/subscription/success', {})).status).toBe(400);
  });
});

describe('GET /api/subscription/status', () => {
  it("answers only about the visitor's own verified address: a stranger learns nothing about a payer", async () => {
    const { sessionId, jar } = await subscribe('quiet.payer@example.com');
    expect((await post('/api/subscription/success', { sessionId }, jar)).status).toBe(200);
    expect((await userRow('quiet.payer@example.com'))!.subscriptionStatus).toBe('active');

    const ask = async (cookie?: string) => {
      const response = await server.fetch('/api/subscription/status?email=Quiet.Payer%40example.com', { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      return expectContract(SubscriptionStatusSchema, await response.json());
    };
    expect(await ask(jar.header())).toEqual({ isActive: true, isFoundingMember: false });
    expect(await ask()).toEqual({ isActive: false, isFoundingMember: false });
    // Typing the payer's address (an unverified claim) is not enough either.
    const claimant = new CookieJar();
    await post('/api/create-subscription', { email: 'quiet.payer@example.com' }, claimant);
    expect(await ask(claimant.header())).toEqual({ isActive: false, isFoundingMember: false });
    // The payer's browser asking about someone else's paid address learns nothing either.
    const other = await subscribe('other.payer@example.com');
    await post('/api/subscription/success', { sessionId: other.sessionId }, other.jar);
    expect(await status('other.payer@example.com', jar)).toBe(false);
    expect(await status('other.payer@example.com', other.jar)).toBe(true);
  });
});

describe('Stripe webhooks', () => {
  it('a bad or stale signature is a 400 and changes nothing', async () => {
    const { sessionId, jar } = await subscribe('signed@example.com');
    await post('/api/subscription/success', { sessionId }, jar);
    const subscriptionId = (await userRow('signed@example.com'))!.stripeSubscriptionId!;
    const events = (await db.select().from(stripeEvents)).length;

    const cancel = stripe.buildEvent('customer.subscription.deleted', { id: subscriptionId, object: 'subscription', status: 'canceled' });
    const [forged] = await stripe.deliver(cancel, { secret: 'whsec_not_the_right_one' });
    expect(forged!.status).toBe(400);
    const [stale] = await stripe.deliver(cancel, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale!.status).toBe(400);
    const unsigned = await server.fetch('/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cancel) });
    expect(unsigned.status).toBe(400);

    expect((await userRow('signed@example.com'))!.subscriptionStatus).toBe('active');
    expect((await db.select().from(stripeEvents)).length).toBe(events);
  });

  it('a cancellation locks the subscriber; a replayed event is processed once', async () => {
    const { sessionId, jar } = await subscribe('leaving@example.com');
    await post('/api/subscription/success', { sessionId }, jar);
    const subscriptionId = (await userRow('leaving@example.com'))!.stripeSubscriptionId!;
    expect(await status('leaving@example.com', jar)).toBe(true);

    const event = await stripe.setSubscriptionStatus(subscriptionId, 'canceled');
    expect((await userRow('leaving@example.com'))!.subscriptionStatus).toBe('canceled');
    expect(await status('leaving@example.com', jar)).toBe(false);

    const [replayed] = await stripe.deliver(event!);
    expect(replayed!.status).toBe(200);
    expect(await replayed!.json()).toEqual({ received: true, duplicate: true });
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event!.id))).toHaveLength(1);
  });

  it('a failed renewal payment lapses the subscription', async () => {
    const { sessionId, jar } = await subscribe('lapsed@example.com');
    await post('/api/subscription/success', { sessionId }, jar);
    const subscriptionId = (await userRow('lapsed@example.com'))!.stripeSubscriptionId!;
    expect(await status('lapsed@example.com', jar)).toBe(true);
    await stripe.failInvoice(subscriptionId);
    expect((await userRow('lapsed@example.com'))!.subscriptionStatus).toBe('past_due');
    expect(await status('lapsed@example.com', jar)).toBe(false);
  });

  it('events out of order: a subscription event before checkout completes still binds the user', async () => {
    stripe.setWebhookTarget(null);
    const { sessionId } = await subscribe('early.event@example.com');
    stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
    expect(await userRow('early.event@example.com')).toBeUndefined();
    const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    const paid = await sdk.checkout.sessions.retrieve(sessionId);
    const [renewed] = await stripe.deliver(stripe.buildEvent('customer.subscription.updated', { id: paid.subscription, object: 'subscription' }));
    expect(renewed!.status).toBe(200);
    expect((await userRow('early.event@example.com'))!.subscriptionStatus).toBe('active');
  });
});

describe('server-side paywall', () => {
  it('an email holder gets 3 views, then 402 and spot lists without details, whatever local storage says', async () => {
    const jar = new CookieJar();
    await post('/api/create-subscription', { email: 'free.limit@example.com' }, jar);
    for (let i = 1; i <= 3; i++) expect((await post(`/api/spots/${i}/view`, undefined, jar)).status).toBe(200);
    const blocked = await post('/api/spots/4/view', undefined, jar);
    expect(blocked.status).toBe(402);
    expect((await blocked.json()).message).toMatch(/free spot views/);

    const list = await (await server.fetch('/api/spots', { headers: { cookie: jar.header() } })).json();
    expect(list.spots.every((s: { locked?: boolean; mapsUrl: string; website: string | null }) => s.locked && s.mapsUrl === '' && s.website === null)).toBe(true);
    const page = await (await server.fetch('/spots', { headers: { cookie: jar.header() } })).text();
    expect(page).not.toContain('google.com/maps');

    const anonymous = await (await server.fetch('/api/spots')).json();
    expect(anonymous.spots[0].mapsUrl).toMatch(/^https:\/\//);
  });

  it('a paid subscriber views a 4th, 5th and 10th spot; a cancellation locks again', async () => {
    const jar = new CookieJar();
    const { sessionId } = await subscribe('unlimited@example.com', jar);
    for (let i = 1; i <= 3; i++) await post(`/api/spots/${i}/view`, undefined, jar);
    await post('/api/subscription/success', { sessionId }, jar);
    for (const id of [4, 5, 10]) expect((await post(`/api/spots/${id}/view`, undefined, jar)).status).toBe(200);

    await stripe.setSubscriptionStatus((await userRow('unlimited@example.com'))!.stripeSubscriptionId!, 'canceled');
    expect((await post('/api/spots/11/view', undefined, jar)).status).toBe(402);
  });

  it("typing a subscriber's email elsewhere does not unlock anything", async () => {
    const { sessionId, jar } = await subscribe('owner@example.com');
    await post('/api/subscription/success', { sessionId }, jar);
    const stranger = new CookieJar();
    await post('/api/create-subscription', { email: 'owner@example.com' }, stranger);
    for (let i = 1; i <= 3; i++) await post(`/api/spots/${i}/view`, undefined, stranger);
    expect((await post('/api/spots/4/view', undefined, stranger)).status).toBe(402);
  });
});

describe('billing portal', () => {
  it('opens the portal for the paying browser only', async () => {
    expect((await post('/api/billing-portal', {})).status).toBe(401);
    const { sessionId, jar } = await subscribe('portal@example.com');
    await post('/api/subscription/success', { sessionId }, jar);
    const response = await post('/api/billing-portal', {}, jar);
    expect(response.status).toBe(200);
    expect(expectContract(BillingPortalLinkSchema, await response.json()).url).toMatch(new RegExp(`^${stripe.url}/p/session/`));
  });
});

describe('without Stripe configured', () => {
  it('answers 503 with a clear message', async () => {
    const bare = await startTestServer();
    try {
      const response = await bare.fetch('/api/create-subscription', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: bare.url },
        body: JSON.stringify({ email: 'someone@example.com' }),
      });
      expect(response.status).toBe(503);
      expect((await response.json()).message).toBe('Subscriptions are not available right now: payments are not configured on this server.');
    } finally {
      await bare.stop();
    }
  });
});
