import Stripe from 'stripe';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { checkoutActivations, subscribers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { AccountSchema, ActivatedSubscriptionSchema, BillingPortalLinkSchema, CheckoutLinkSchema, expectContract } from '../support/contracts';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A payment only ever touches its payer's own Stripe customer: typing someone's email into
 * checkout neither reuses their customer nor reaches it through the billing portal
 * (docs/decisions/018-stripe-customer-ownership.md).
 */
let stripe: FakeStripe;
let sdk: Stripe;
let server: TestServer;
let db: Database;
const env = (fake: FakeStripe) => stripeEnv(fake);

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: env(stripe) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  db = openDatabase({ url: server.databaseUrl });
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

async function post(path: string, body: unknown, jar: CookieJar) {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: jar.header() },
    body: JSON.stringify(body),
  });
  jar.store(response);
  return response;
}

/** A browser starts checkout for `email`, pays on the fake's hosted page and comes back to /success. */
async function subscribeAndReturn(email: string, jar: CookieJar) {
  const created = await post('/api/create-subscription', { email }, jar);
  expect(created.status).toBe(200);
  const paid = await fetch(expectContract(CheckoutLinkSchema, await created.json()).url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  const returned = await post('/api/subscription/success', { sessionId }, jar);
  expect(returned.status).toBe(200);
  expect(expectContract(ActivatedSubscriptionSchema, await returned.json())).toEqual({ email, isActive: true, isFoundingMember: false });
  const session = stripe.session(sessionId);
  return { sessionId, customer: session.customer!, subscription: session.subscription! };
}

/** Opens the billing portal from a browser; answers the portal session's customer and the page the fake shows. */
async function openPortal(jar: CookieJar) {
  const before = stripe.requests.length;
  const response = await post('/api/billing-portal', {}, jar);
  expect(response.status).toBe(200);
  const { url } = expectContract(BillingPortalLinkSchema, await response.json());
  const [created] = stripe.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/billing_portal/sessions');
  const page = await (await fetch(url)).text();
  return { url, customer: created!.body.customer as string, listed: [...page.matchAll(/data-subscription="([^"]+)"/g)].map((m) => m[1]) };
}

const status = async (email: string, jar: CookieJar) =>
  (await (await server.fetch(`/api/subscription/status?email=${encodeURIComponent(email)}`, { headers: { cookie: jar.header() } })).json()).isActive;
const account = async (jar: CookieJar) => expectContract(AccountSchema, await (await server.fetch('/api/account', { headers: { cookie: jar.header() } })).json());
const rowsFor = (email: string) => db.select().from(subscribers).where(eq(subscribers.email, email)).orderBy(asc(subscribers.id));
/** The subscriber cookie's signed JSON, read as the browser holds it. */
const subscriberCookie = (jar: CookieJar) => {
  const value = decodeURIComponent(jar.get('subscriber')!);
  return JSON.parse(value.slice(0, value.lastIndexOf('.')));
};

describe("typing someone else's email into checkout", () => {
  it("gets the attacker a customer of their own: the victim's subscription stays active and out of the attacker's portal", async () => {
    const VICTIM = 'victim@example.com';
    const victimBrowser = new CookieJar();
    const victim = await subscribeAndReturn(VICTIM, victimBrowser);
    expect(victim.customer).toMatch(/^cus_/);

    // Browser B types the victim's address, pays with its own card and returns through /success.
    const attackerBrowser = new CookieJar();
    const attacker = await subscribeAndReturn(VICTIM, attackerBrowser);
    expect(attacker.customer).toMatch(/^cus_/);
    expect(attacker.customer).not.toBe(victim.customer);
    expect((await sdk.subscriptions.list({ customer: victim.customer })).data.map((s) => s.id)).toEqual([victim.subscription]);
    expect((await sdk.subscriptions.list({ customer: attacker.customer })).data.map((s) => s.id)).toEqual([attacker.subscription]);

    // The attacker's portal is their own customer's, listing only their own subscription.
    const attackerPortal = await openPortal(attackerBrowser);
    expect(attackerPortal.customer).toBe(attacker.customer);
    expect(attackerPortal.listed).toEqual([attacker.subscription]);
    // Naming the victim's subscription to that portal's cancel form is refused by Stripe.
    const sessionPath = new URL(attackerPortal.url).pathname;
    const cancelVictim = await fetch(`${stripe.url}${sessionPath}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `subscription=${victim.subscription}`,
      redirect: 'manual',
    });
    expect(cancelVictim.status).toBe(404);
    expect(stripe.subscription(victim.subscription)).toMatchObject({ status: 'active', cancel_at_period_end: false, customer: victim.customer });

    // Each subscription is its own row under its own customer; the victim's row is as it was.
    expect((await rowsFor(VICTIM)).map((r) => [r.stripeCustomerId, r.stripeSubscriptionId, r.subscriptionStatus])).toEqual([
      [victim.customer, victim.subscription, 'active'],
      [attacker.customer, attacker.subscription, 'active'],
    ]);

    // The victim's own portal still opens from their browser, for their customer only.
    const victimPortal = await openPortal(victimBrowser);
    expect(victimPortal.customer).toBe(victim.customer);
    expect(victimPortal.listed).toEqual([victim.subscription]);

    // The attacker ending their own subscription locks only them.
    await stripe.setSubscriptionStatus(attacker.subscription, 'canceled');
    expect(await status(VICTIM, attackerBrowser)).toBe(false);
    expect(await status(VICTIM, victimBrowser)).toBe(true);
    expect(stripe.subscription(victim.subscription).status).toBe('active');
  });

  it('the cookie and the activation record name the customer they prove; a typed email learns nothing from /api/account', async () => {
    const browser = new CookieJar();
    const paid = await subscribeAndReturn('named.customer@example.com', browser);
    expect(subscriberCookie(browser)).toEqual({ email: 'named.customer@example.com', verified: true, customer: paid.customer });
    const [activation] = await db.select().from(checkoutActivations).where(eq(checkoutActivations.sessionId, paid.sessionId));
    expect(activation).toMatchObject({ email: 'named.customer@example.com', stripeCustomerId: paid.customer, stripeSubscriptionId: paid.subscription });

    const claimant = new CookieJar();
    expect((await post('/api/create-subscription', { email: 'named.customer@example.com' }, claimant)).status).toBe(200);
    expect((await account(claimant)).subscriber).toEqual({ email: 'named.customer@example.com', verified: false, isActive: false, isFoundingMember: false });
    const refused = await post('/api/billing-portal', {}, claimant);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Subscribe on this device first to manage your subscription.' });
  });

  it("a browser's next checkout for its own paid address reuses its own customer, and only then", async () => {
    const browser = new CookieJar();
    const first = await subscribeAndReturn('returning@example.com', browser);
    const before = stripe.requests.length;
    expect((await post('/api/create-subscription', { email: 'returning@example.com' }, browser)).status).toBe(200);
    // Another address typed in the same browser is a new customer again.
    expect((await post('/api/create-subscription', { email: 'someone.else@example.com' }, browser)).status).toBe(200);
    const sessions = stripe.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sessions.map((r) => [r.body.customer, r.body.customer_email])).toEqual([
      [first.customer, undefined],
      [undefined, 'someone.else@example.com'],
    ]);
  });

  it("a verified cookie from before customers were named keeps its member unlocked as the email's first customer, never a later one", async () => {
    const EMAIL = 'older.cookie@example.com';
    const paid = await subscribeAndReturn(EMAIL, new CookieJar());
    // Written the way cookies were before they named a customer: this browser paid for this email then.
    const oldCookie = (email: string) => {
      const value = JSON.stringify({ email, verified: true });
      const mac = createHmac('sha256', env(stripe).SESSION_SECRET!).update(value).digest('base64url');
      const jar = new CookieJar();
      jar.set('subscriber', encodeURIComponent(`${value}.${mac}`));
      return jar;
    };
    const old = oldCookie(EMAIL);
    expect((await account(old)).subscriber).toEqual({ email: EMAIL, verified: true, isActive: true, isFoundingMember: false });
    expect(await status(EMAIL, old)).toBe(true);
    expect((await openPortal(old)).customer).toBe(paid.customer);

    // A later checkout for the same address in another browser is another customer: the old cookie never becomes it.
    const later = await subscribeAndReturn(EMAIL, new CookieJar());
    expect(later.customer).not.toBe(paid.customer);
    expect((await openPortal(old)).customer).toBe(paid.customer);
    await stripe.setSubscriptionStatus(paid.subscription, 'canceled');
    expect(await status(EMAIL, old)).toBe(false);

    // An old cookie for an address that never paid proves nothing.
    const stranger = oldCookie('never.paid@example.com');
    expect((await account(stranger)).subscriber).toEqual({ email: 'never.paid@example.com', verified: false, isActive: false, isFoundingMember: false });
    expect((await post('/api/billing-portal', {}, stranger)).status).toBe(401);
  });
});

describe('Stripe webhooks', () => {
  it("a subscription event for a second customer of an email is recorded as its own row, never over the first's", async () => {
    const first = await subscribeAndReturn('two.customers@example.com', new CookieJar());
    const otherBrowser = new CookieJar();
    const created = await post('/api/create-subscription', { email: 'two.customers@example.com' }, otherBrowser);
    const sessionId = new URL(expectContract(CheckoutLinkSchema, await created.json()).url).pathname.split('/').at(-1)!;
    // Paid, but this event arrives before checkout.session.completed.
    const completion = await stripe.completeCheckout(sessionId, { deliver: false });
    const [delivered] = await stripe.deliver(stripe.buildEvent('customer.subscription.updated', completion.subscription));
    expect(delivered!.status).toBe(200);
    expect((await rowsFor('two.customers@example.com')).map((r) => [r.stripeCustomerId, r.stripeSubscriptionId])).toEqual([
      [first.customer, first.subscription],
      [completion.customer.id, completion.subscription.id],
    ]);
    // Cancelling the second touches only its own row.
    await stripe.setSubscriptionStatus(completion.subscription.id, 'canceled');
    expect((await rowsFor('two.customers@example.com')).map((r) => r.subscriptionStatus)).toEqual(['active', 'canceled']);
  });
});
