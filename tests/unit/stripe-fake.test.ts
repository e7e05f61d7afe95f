import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, parseForm, startFakeStripe, type FakeStripe, type StripeEvent } from '../fakes/stripe-server';

/** A stand-in for the app's webhook endpoint: keeps raw bodies and headers, answers 200. */
interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, received, server };
}

const sdk = (fake: FakeStripe, key = fake.secretKey, maxNetworkRetries = 0) =>
  new Stripe(key, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries, telemetry: false });

async function caught(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected a rejection');
}

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = sdk(fake);
  receiver = await startReceiver();
  fake.setWebhookTarget(receiver.url);
});

afterAll(async () => {
  await fake.stop();
  await new Promise((ok) => receiver.server.close(ok));
});

afterEach(async () => {
  await fake.settled();
  receiver.received.length = 0;
});

async function newSession(email = `buyer-${Math.random().toString(36).slice(2)}@example.com`) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_test_monthly', quantity: 1 }],
    customer_email: email,
    success_url: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/subscribe',
    metadata: { email },
    client_reference_id: 'user-42',
    subscription_data: { metadata: { plan: 'founding' } },
  });
}

describe('form encoding', () => {
  it('parses bracketed, indexed, percent-encoded keys like Stripe', () => {
    expect(
      parseForm(
        'line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=42&expand[0]=subscription' +
          '&success_url=http%3A%2F%2Fapp.test%2Fs%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D&sub%5Bmetadata%5D%5Bk%5D=a+b&empty=',
      ),
    ).toEqual({
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { userId: '42' },
      expand: ['subscription'],
      success_url: 'http://app.test/s?session_id={CHECKOUT_SESSION_ID}',
      sub: { metadata: { k: 'a b' } },
      empty: '',
    });
  });
});

describe('customers', () => {
  it('creates, lists by exact email and searches', async () => {
    const created = await stripe.customers.create({ email: 'Ann@Example.com', name: 'Ann', metadata: { userId: '7' } });
    expect(created).toMatchObject({ object: 'customer', email: 'Ann@Example.com', name: 'Ann', metadata: { userId: '7' }, livemode: false });
    expect(created.id).toMatch(/^cus_/);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const listed = await stripe.customers.list({ email: 'Ann@Example.com', limit: 1 });
    expect(listed.object).toBe('list');
    expect(listed.url).toBe('/v1/customers');
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
    expect((await stripe.customers.list({ email: 'ann@example.com', limit: 1 })).data).toEqual([]);

    const found = await stripe.customers.search({ query: "email:'Ann@Example.com'" });
    expect(found.object).toBe('search_result');
    expect(found.data.map((c) => c.id)).toEqual([created.id]);
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, email: 'Ann@Example.com' });

    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers')!;
    expect(post.body).toEqual({ email: 'Ann@Example.com', name: 'Ann', metadata: { userId: '7' } });
    expect(post.headers['authorization']).toBe(`Bearer ${fake.secretKey}`);
    expect(post.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(post.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(post.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    const get = fake.requests.find((r) => r.method === 'GET' && r.path === '/v1/customers')!;
    expect(get.query).toEqual({ email: 'Ann@Example.com', limit: '1' });
  });
});

describe('checkout', () => {
  it('creates an open session, pays on the hosted page and redirects with the session id', async () => {
    const session = await newSession('pay@example.com');
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: null,
      customer_email: 'pay@example.com',
      amount_total: 299,
      currency: 'usd',
      metadata: { email: 'pay@example.com' },
      client_reference_id: 'user-42',
      success_url: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(session.expires_at).toBe(session.created + 86_400);
    const raw = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(raw.body).toMatchObject({
      line_items: [{ price: 'price_test_monthly', quantity: '1' }],
      subscription_data: { metadata: { plan: 'founding' } },
    });

    const before = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(before.subscription).toBeNull();
    expect(fake.requests.at(-1)!.query).toEqual({ expand: ['subscription'] });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Checkout</title>');
    expect(html).toContain('$2.99');
    expect(html).toContain('Pay and subscribe');
    expect(html).toContain(`action="/c/pay/${session.id}"`);

    const paid = await fetch(session.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=pay%40example.com&cardNumber=4242+4242+4242+4242',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/success?session_id=${session.id}`);

    const after = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer_details: { email: 'pay@example.com' } });
    const subscription = after.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: after.customer,
      metadata: { plan: 'founding' },
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
    });
    expect(subscription).not.toHaveProperty('current_period_end');
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item.price.id).toBe('price_test_monthly');
    expect(item.quantity).toBe(1);
    expect(item.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 86_400);
    expect(item.current_period_start).toBe(subscription.start_date);
    expect(subscription.latest_invoice).toMatch(/^in_/);

    expect(after.customer).toMatch(/^cus_/);
    expect((await stripe.customers.list({ email: 'pay@example.com' })).data.map((c) => c.id)).toEqual([after.customer]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 299,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });

    // Signed webhooks arrived before the redirect: completed (ids, not objects), then subscription created.
    const events = receiver.received.map((r) => stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, fake.webhookSecret));
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const completed = events[0]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      subscription: subscription.id,
      customer: after.customer,
      payment_status: 'paid',
      metadata: { email: 'pay@example.com' },
    });
    expect(events[0]!.id).toMatch(/^evt_/);
    expect(events[0]!.api_version).toBe(fake.apiVersion);
    expect(receiver.received[0]!.headers['content-type']).toContain('application/json');
    expect(receiver.received[0]!.headers.origin).toBeUndefined();

    // Paying twice is refused; the page says it is complete.
    const again = await fetch(session.url!.replace(/\/c\/pay\/.*/, `/c/pay/${session.id}`), { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(409);
  });

  it('collects the email on the page when none was given, and declines the decline test card', async () => {
    const customer = await stripe.customers.create({ email: 'known@example.com' });
    const withCustomer = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_test_monthly', quantity: 1 }],
      customer: customer.id,
      success_url: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
    });
    const declined = await fetch(withCustomer.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `cardNumber=${DECLINED_CARD}`,
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(withCustomer.id)).status).toBe('open');
    const done = await fake.completeCheckout(withCustomer.id, { deliver: false });
    expect(done.session.customer).toBe(customer.id);
    expect(done.events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(receiver.received).toEqual([]);
  });

  it('rejects bad parameters the way Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'both@example.com' });
    const both = await caught(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_test_monthly', quantity: 1 }],
        customer: customer.id,
        customer_email: 'both@example.com',
        success_url: 'http://app.test/success',
      }),
    );
    expect(both).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(both.statusCode).toBe(400);
    expect(both.message).toContain('customer, customer_email');

    const unknownPrice = await caught(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], customer_email: 'x@example.com' }),
    );
    expect(unknownPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownPrice).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_nope'" });

    const removed = await caught(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_test_monthly', quantity: 1 }],
        // Endive removed this parameter.
        ...({ payment_method_types: ['card'] } as object),
      }),
    );
    expect(removed).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'payment_method_types' });
  });

  it('expires sessions: status expired and no url', async () => {
    const session = await newSession();
    const event = await fake.expireCheckout(session.id);
    expect(event.type).toBe('checkout.session.expired');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(session.url!)).status).toBe(200);
    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/expired/);
  });
});

describe('billing portal', () => {
  it('creates a portal session with a url back to the app, 404 for an unknown customer', async () => {
    const { session } = await fake.completeCheckout((await newSession('portal@example.com')).id, { deliver: false });
    const portal = await stripe.billingPortal.sessions.create({ customer: session.customer!, return_url: 'http://app.test/account' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: session.customer, return_url: 'http://app.test/account' });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${fake.url}/p/session/${portal.id}`);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Billing portal');
    expect(html).toContain('href="http://app.test/account"');

    const missing = await caught(stripe.billingPortal.sessions.create({ customer: 'cus_missing', return_url: 'http://app.test/account' }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_missing'" });
  });
});

describe('errors', () => {
  it('401 for a wrong or missing key', async () => {
    const error = await caught(sdk(fake, 'sk_test_wrong_key_1234').customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);

    const raw = await fetch(`${fake.url}/v1/customers`);
    expect(raw.status).toBe(401);
    expect(raw.headers.get('request-id')).toMatch(/^req_/);
    const body = await raw.json();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('You did not provide an API key');
  });

  it('404 resource_missing for unknown ids', async () => {
    const error = await caught(stripe.checkout.sessions.retrieve('cs_test_x'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such checkout.session: 'cs_test_x'" });
    expect(error.requestId).toMatch(/^req_/);
    expect(await caught(stripe.customers.retrieve('cus_x'))).toMatchObject({ statusCode: 404, message: "No such customer: 'cus_x'" });
    expect(await caught(stripe.subscriptions.retrieve('sub_x'))).toMatchObject({ statusCode: 404, message: "No such subscription: 'sub_x'" });
  });

  it('replays an idempotency key and refuses it with other params', async () => {
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'signup-idem' });
    const second = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'signup-idem' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(second.lastResponse.requestId).toBe(first.lastResponse.requestId);
    expect((await stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1);

    const reused = await caught(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'signup-idem' }));
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(reused.statusCode).toBe(400);
    expect(reused.type).toBe('StripeIdempotencyError');
  });

  it('failNextRequests: Stripe is down (500 api_error), then back; the SDK retries with the same key', async () => {
    fake.failNextRequests(1);
    const down = await caught(stripe.customers.list());
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(down.statusCode).toBe(500);
    expect((await stripe.customers.list()).object).toBe('list');

    fake.failNextRequests(1, 429);
    expect(await caught(stripe.customers.list())).toBeInstanceOf(Stripe.errors.StripeRateLimitError);

    fake.failNextRequests(1);
    const from = fake.requests.length;
    const retried = await sdk(fake, fake.secretKey, 1).customers.create({ email: 'retry@example.com' });
    expect(retried.id).toMatch(/^cus_/);
    const attempts = fake.requests.slice(from);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[0]!.headers['idempotency-key']).toBe(attempts[1]!.headers['idempotency-key']);
  });
});

describe('webhooks', () => {
  const verify = (r: Received, secret = fake.webhookSecret) => stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, secret);

  it('signs like Stripe: verifies, sends duplicates with the same id, and stale timestamps fail', async () => {
    const { subscription } = await fake.completeCheckout((await newSession()).id, { deliver: false });
    const event = fake.buildEvent('customer.subscription.updated', subscription, { previous_attributes: { status: 'past_due' } });
    expect(event).toMatchObject({
      object: 'event',
      type: 'customer.subscription.updated',
      livemode: false,
      api_version: fake.apiVersion,
      data: { previous_attributes: { status: 'past_due' } },
    });

    const responses = await fake.deliver(event, { times: 2 });
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    expect(receiver.received[0]!.body).toContain('\n  "id": "evt_');
    expect(receiver.received.map((r) => verify(r).id)).toEqual([event.id, event.id]);
    expect(() => verify(receiver.received[0]!, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);

    receiver.received.length = 0;
    await fake.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => verify(receiver.received[0]!)).toThrow(/Timestamp outside the tolerance zone/);

    // The SDK's own test header verifies against the same secret.
    const header = stripe.webhooks.generateTestHeaderString({ payload: receiver.received[0]!.body, secret: fake.webhookSecret });
    expect(stripe.webhooks.constructEvent(receiver.received[0]!.body, header, fake.webhookSecret).id).toBe(event.id);
  });

  it('status changes: updated with previous_attributes, payment failure, deletion', async () => {
    const { subscription } = await fake.completeCheckout((await newSession()).id);
    receiver.received.length = 0;

    const failed = await fake.failInvoice(subscription.id);
    expect(failed.type).toBe('invoice.payment_failed');
    const invoice = failed.data.object as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice).toMatchObject({ status: 'open', customer: subscription.customer, attempt_count: 1, amount_paid: 0, billing_reason: 'subscription_cycle' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    let types = receiver.received.map((r) => verify(r));
    expect(types.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(types[1]!.data.previous_attributes).toMatchObject({ status: 'active' });

    receiver.received.length = 0;
    const updated = (await fake.setSubscriptionStatus(subscription.id, 'active')) as StripeEvent;
    expect(updated.data.previous_attributes).toEqual({ status: 'past_due' });
    expect(await fake.setSubscriptionStatus(subscription.id, 'active')).toBeUndefined();
    const deleted = (await fake.setSubscriptionStatus(subscription.id, 'canceled'))!;
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect(deleted.data.object).toMatchObject({ status: 'canceled' });
    types = receiver.received.map((r) => verify(r));
    expect(types.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toEqual(expect.any(Number));
  });
});

describe('founding members', () => {
  it('starts subscriptions at the configured date, in the current monthly period', async () => {
    const start = new Date('2025-06-15T12:00:00Z');
    const founding = await startFakeStripe({ subscriptionStartDate: start, prices: { price_founding: 499 } });
    try {
      const client = sdk(founding);
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_founding', quantity: 1 }],
        customer_email: 'early@example.com',
        success_url: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
      });
      expect(session.amount_total).toBe(499);
      await founding.completeCheckout(session.id);
      const sub = (await client.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })).subscription as Stripe.Subscription;
      expect(sub.start_date).toBe(start.getTime() / 1000);
      const item = sub.items.data[0]!;
      const now = Date.now() / 1000;
      expect(item.current_period_start).toBeLessThanOrEqual(now);
      expect(item.current_period_end).toBeGreaterThan(now);
    } finally {
      await founding.stop();
    }
  });
});
