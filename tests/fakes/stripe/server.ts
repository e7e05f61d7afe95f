/** The fake's HTTP server (node:http on 127.0.0.1) and its test controls. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, type ApiContext } from './api';
import { ApiError, authenticationError, invalidRequest, outageError } from './errors';
import { FormError, parseForm, str, type FormObject } from './form';
import { newId, randomToken, type CheckoutSession, type Customer, type Invoice, type StripeEvent, type Subscription, type SubscriptionStatus } from './objects';
import { checkoutPage, DECLINED_CARD, paidPage, portalPage } from './pages';
import { StripeStore, type Completion, type PaymentCompletion, type PriceOption } from './store';
import type { Coupon, PromotionCode } from './promotions';
import type { Charge, Refund } from './payments';
import { postWebhook, serializeEvent, signatureHeader, type Delivery } from './webhooks';

/** The API version `stripe@23.1.0` pins (23.0.x pinned 2026-09-30.endive). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

export interface FakeStripeOptions {
  /** Known price ids (unit amount 299 cents, USD, monthly) or id → unit amount or { amount, interval }. Default `['price_test_monthly']`. */
  prices?: string[] | Record<string, PriceOption>;
  /** Start date given to subscriptions created by Checkout (founding-member tests). Default: now. */
  subscriptionStartDate?: Date;
  secretKey?: string;
  webhookSecret?: string;
  webhookTarget?: string | null;
  /** The webhook endpoint's API version (`event.api_version`). */
  apiVersion?: string;
  /** The fake's clock for `created`, `expires_at`, periods. Signatures always use the real clock. */
  now?: () => Date;
  /** false: the billing portal answers 400 like an unconfigured test-mode account. Default true. */
  portalConfigured?: boolean;
  /** Seconds before a written customer shows up in search (eventual consistency). Default 0. */
  searchLagSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormObject;
  /** The parsed form body (POST). */
  body: FormObject;
  /** Lower-cased names, e.g. `stripe-version`, `idempotency-key`, `authorization`. */
  headers: Record<string, string>;
  status?: number;
  requestId?: string;
}

export interface DeliverOptions {
  /** Unix seconds for `t=`; older than 300 s makes `constructEvent` reject it. Default: now. */
  timestamp?: number;
  /** Signing secret; default the fake's `webhookSecret`. */
  secret?: string;
  /** Send the same signed payload this many times (at-least-once delivery). Default 1. */
  times?: number;
  /** Target URL; default the configured webhook target. */
  url?: string;
}

export interface CheckoutCompletion extends Completion {
  events: StripeEvent[];
  responses: Response[];
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  apiVersion: string;
  requests: RecordedRequest[];
  /** Every event the fake raised, in order (also those not delivered). */
  events: StripeEvent[];
  /** Every webhook POST made, with the app's answer. */
  deliveries: Delivery[];
  setWebhookTarget(url: string | null): void;
  setSubscriptionStartDate(date: Date | undefined): void;
  /** Pays like the hosted page does (without the redirect); delivers its events unless `deliver: false`. */
  completeCheckout(sessionId: string, opts?: { email?: string; startDate?: Date; deliver?: boolean }): Promise<CheckoutCompletion>;
  /** Pays a payment-mode session like its hosted page does; delivers its events unless `deliver: false`. */
  completePayment(sessionId: string, opts?: { email?: string; deliver?: boolean }): Promise<PaymentCompletion & { events: StripeEvent[] }>;
  expireCheckout(sessionId: string, opts?: { deliver?: boolean }): Promise<StripeEvent>;
  setSubscriptionStatus(subscriptionId: string, status: SubscriptionStatus, opts?: { deliver?: boolean }): Promise<StripeEvent | undefined>;
  failInvoice(subscriptionId: string, opts?: { deliver?: boolean }): Promise<StripeEvent>;
  payInvoice(subscriptionId: string, opts?: { deliver?: boolean }): Promise<StripeEvent>;
  buildEvent<T>(type: string, object: T, extra?: { previous_attributes?: Record<string, unknown>; created?: number; api_version?: string; id?: string }): StripeEvent<T>;
  deliver(event: StripeEvent, opts?: DeliverOptions): Promise<Response[]>;
  /** The `Stripe-Signature` value for a payload. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  failNextRequests(count: number, status?: number): void;
  customer(id: string): Customer;
  session(id: string): CheckoutSession;
  subscription(id: string): Subscription;
  invoice(id: string): Invoice;
  coupons(): Coupon[];
  promotionCodes(): PromotionCode[];
  /** Every refund made, oldest first, and the charge each gave money back from. */
  refunds(): Refund[];
  charge(id: string): Charge;
  /** Waits for webhook deliveries started in the background (after API calls). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function apiKeyOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S*)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return '';
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const priceOption = options.prices ?? ['price_test_monthly'];
  const prices = Array.isArray(priceOption) ? Object.fromEntries(priceOption.map((id) => [id, 299])) : priceOption;
  const now = options.now ?? (() => new Date());
  const apiVersion = options.apiVersion ?? DEFAULT_API_VERSION;
  const store = new StripeStore({ prices, now, apiVersion, subscriptionStartDate: options.subscriptionStartDate });
  const secretKey = options.secretKey ?? `sk_test_51Fake${randomToken(40)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomToken(32)}`;
  let webhookTarget = options.webhookTarget ?? null;
  const ctx: ApiContext = {
    store,
    portalConfigured: options.portalConfigured ?? true,
    searchLagSeconds: options.searchLagSeconds ?? 0,
    searchableAt: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string; requestId: string }>();
  const failures = { count: 0, status: 500 };
  const pending = new Set<Promise<unknown>>();

  const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
    signatureHeader(payload, opts.secret ?? webhookSecret, opts.timestamp ?? Math.floor(Date.now() / 1000));

  async function deliver(event: StripeEvent, opts: DeliverOptions = {}): Promise<Response[]> {
    const url = opts.url ?? webhookTarget;
    if (!url) throw new Error('No webhook target: call setWebhookTarget(url) first');
    const payload = serializeEvent(event);
    const signature = sign(payload, opts);
    const responses: Response[] = [];
    for (let i = 0; i < (opts.times ?? 1); i++) {
      try {
        const response = await postWebhook(url, payload, signature);
        deliveries.push({ event, url, signature, status: response.status, body: await response.clone().text() });
        responses.push(response);
      } catch (error) {
        deliveries.push({ event, url, signature, status: null, error: String(error) });
        throw error;
      }
    }
    return responses;
  }

  /** Delivers raised events one after another, like Stripe would (failures are only recorded). */
  async function deliverRaised(events: StripeEvent[], enabled = true): Promise<Response[]> {
    const responses: Response[] = [];
    if (!enabled || !webhookTarget) return responses;
    for (const event of events) {
      try {
        responses.push(...(await deliver(event)));
      } catch {
        // Recorded in `deliveries`; Stripe would retry later.
      }
    }
    return responses;
  }

  function inBackground(events: StripeEvent[]): void {
    if (events.length === 0) return;
    const promise = deliverRaised(events).finally(() => pending.delete(promise));
    pending.add(promise);
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
    res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  }

  function handleApiRequest(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, raw: string, parseError?: FormError): void {
    const requestId = newId('req_');
    record.requestId = requestId;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Request-Id': requestId,
      'Stripe-Version': record.headers['stripe-version'] ?? apiVersion,
      'Cache-Control': 'no-cache, no-store',
    };
    const idempotencyKey = req.method === 'POST' ? record.headers['idempotency-key'] : undefined;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, JSON.stringify(body, null, 2), { ...headers, ...extra });
    };
    const fail = (error: ApiError) => {
      const body = { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${store.now()}` };
      answer(error.status, { error: body }, error.headers);
    };
    try {
      if (failures.count > 0) {
        failures.count--;
        throw outageError(failures.status);
      }
      const key = apiKeyOf(record.headers.authorization);
      if (key !== secretKey) throw authenticationError(record.headers.authorization, key);
      const version = record.headers['stripe-version'];
      if (version !== undefined && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version)) {
        throw invalidRequest(`Invalid Stripe API version: ${version}`);
      }
      const type = record.headers['content-type'] ?? '';
      if (raw !== '' && !type.startsWith('application/x-www-form-urlencoded')) {
        throw invalidRequest(
          'Invalid request (check that your POST content type is application/x-www-form-urlencoded). If you have any questions, we can help at https://support.stripe.com/.',
        );
      }
      if (parseError) throw invalidRequest(parseError.message);
      const params = req.method === 'POST' ? record.body : record.query;
      let fingerprint = '';
      if (idempotencyKey) {
        if (idempotencyKey.length > 255) throw invalidRequest('Idempotency keys can be at most 255 characters long.', 'idempotency_key');
        fingerprint = `${req.method} ${record.path} ${stable(params)}`;
        const stored = idempotency.get(idempotencyKey);
        if (stored && stored.fingerprint === fingerprint) {
          record.status = stored.status;
          send(res, stored.status, stored.body, { ...headers, 'Request-Id': stored.requestId, 'Idempotent-Replayed': 'true' });
          return;
        }
        if (stored) {
          throw new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
      }
      store.request = { id: requestId, idempotency_key: idempotencyKey ?? null };
      let result;
      try {
        result = handleApi(ctx, { method: req.method ?? 'GET', path: record.path, params });
      } finally {
        store.request = null;
      }
      const body = JSON.stringify(result.body, null, 2);
      if (idempotencyKey && result.status < 300) idempotency.set(idempotencyKey, { fingerprint, status: result.status, body, requestId });
      record.status = result.status;
      send(res, result.status, body, headers);
    } catch (error) {
      if (error instanceof ApiError) fail(error);
      else if (error instanceof FormError) fail(invalidRequest(error.message));
      else fail(new ApiError(500, { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` }));
    } finally {
      inBackground(store.drain());
    }
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, record: RecordedRequest): Promise<void> {
    const html = (status: number, body: string) => {
      record.status = status;
      send(res, status, body, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    };
    const pay = /^\/c\/pay\/([^/]+)$/.exec(record.path);
    if (pay) {
      const id = pay[1]!;
      const session = store.sessions.has(id) ? store.session(id) : undefined;
      inBackground(store.drain()); // a lazily expired session raises checkout.session.expired
      const view = (error?: string) =>
        checkoutPage(session, {
          customer: session?.customer ? store.customers.get(session.customer) : undefined,
          trialDays: session ? store.trialDays(session.id) : null,
          interval: session ? store.interval(session.id) : null,
          error,
        });
      if (req.method === 'GET') return html(session ? 200 : 404, view());
      if (req.method !== 'POST') return html(405, view());
      if (!session) return html(404, view());
      if (session.status !== 'open') return html(409, view());
      const email = str(record.body, 'email') || undefined;
      const card = (str(record.body, 'cardNumber') ?? '').replace(/\D/g, '');
      if (card === DECLINED_CARD) return html(402, view('Your card was declined.'));
      if (!session.customer && !session.customer_email && !email) return html(400, view('Enter your email address.'));
      const typed = (str(record.body, 'promotionCode') ?? '').trim();
      if (typed) {
        // Stripe's page applies a typed code first (its own "Apply" step), then pays.
        const problem = store.applyTypedCode(id, typed);
        if (problem) return html(400, view(problem));
      }
      if (session.mode === 'payment') store.completePayment(id, { email });
      else store.completeSession(id, { email });
      await deliverRaised(store.drain());
      if (!session.success_url) return html(200, paidPage());
      record.status = 303;
      res.writeHead(303, { Location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id), 'Content-Length': '0' });
      res.end();
      return;
    }
    const portal = /^\/p\/session\/([^/]+)(\/cancel|\/switch)?$/.exec(record.path);
    if (portal) {
      const session = store.portalSessions.get(portal[1]!);
      const customer = session ? store.customers.get(session.customer) : undefined;
      const subscriptions = () => [...store.subscriptions.values()].filter((sub) => sub.customer === session?.customer);
      if (portal[2] && req.method === 'POST' && session) {
        const sub = store.subscriptions.get(str(record.body, 'subscription') ?? '');
        if (!sub || sub.customer !== session.customer) return html(404, portalPage(undefined, undefined, []));
        if (portal[2] === '/switch') {
          const price = store.prices.get(str(record.body, 'price') ?? '');
          if (!price) return html(404, portalPage(undefined, undefined, []));
          store.switchPrice(sub.id, price.id);
        } else store.updateSubscription(sub.id, { cancelAtPeriodEnd: true });
        await deliverRaised(store.drain());
        record.status = 303;
        res.writeHead(303, { Location: `/p/session/${session.id}`, 'Content-Length': '0' });
        res.end();
        return;
      }
      if (req.method !== 'GET' || portal[2]) return html(session ? 405 : 404, portalPage(session, customer, subscriptions()));
      return html(session && customer ? 200 : 404, portalPage(session, customer, subscriptions(), [...store.prices.values()]));
    }
    record.status = 404;
    send(res, 404, 'Not found', { 'Content-Type': 'text/plain; charset=utf-8' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const record: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: {}, body: {}, headers: headersOf(req) };
      requests.push(record);
      let parseError: FormError | undefined;
      try {
        record.query = parseForm(url.search.slice(1));
        const type = record.headers['content-type'] ?? '';
        if (type.startsWith('application/x-www-form-urlencoded')) record.body = parseForm(raw);
      } catch (error) {
        if (!(error instanceof FormError)) throw error;
        parseError = error;
      }
      if (url.pathname.startsWith('/v1/') || url.pathname === '/v1') return handleApiRequest(req, res, record, raw, parseError);
      handlePage(req, res, record).catch((error: unknown) => {
        record.status = 500;
        if (!res.headersSent) send(res, 500, `Fake Stripe failed: ${String(error)}`, { 'Content-Type': 'text/plain; charset=utf-8' });
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  store.baseUrl = baseUrl;

  const copy = <T>(value: T): T => structuredClone(value);

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    apiVersion,
    requests,
    events: store.events,
    deliveries,
    setWebhookTarget(url) {
      webhookTarget = url;
    },
    setSubscriptionStartDate(date) {
      store.subscriptionStartDate = date;
    },
    async completeCheckout(sessionId, opts = {}) {
      const completion = store.completeSession(sessionId, opts);
      const events = store.drain();
      const responses = await deliverRaised(events, opts.deliver ?? true);
      return { ...copy(completion), events, responses };
    },
    async completePayment(sessionId, opts = {}) {
      const completion = store.completePayment(sessionId, opts);
      const events = store.drain();
      await deliverRaised(events, opts.deliver ?? true);
      return { ...copy(completion), events };
    },
    // The state changes synchronously (before the first await), so callers need not await.
    async expireCheckout(sessionId, opts = {}) {
      const event = store.expireSession(sessionId);
      await deliverRaised(store.drain(), opts.deliver ?? true);
      return event;
    },
    async setSubscriptionStatus(subscriptionId, status, opts = {}) {
      const event = store.setSubscriptionStatus(subscriptionId, status);
      await deliverRaised(store.drain(), opts.deliver ?? true);
      return event;
    },
    async failInvoice(subscriptionId, opts = {}) {
      const event = store.failInvoice(subscriptionId);
      await deliverRaised(store.drain(), opts.deliver ?? true);
      return event;
    },
    async payInvoice(subscriptionId, opts = {}) {
      const event = store.payInvoice(subscriptionId);
      await deliverRaised(store.drain(), opts.deliver ?? true);
      return event;
    },
    buildEvent: (type, object, extra) => store.buildEvent(type, object, extra),
    deliver,
    sign,
    failNextRequests(count, status = 500) {
      failures.count = count;
      failures.status = status;
    },
    customer: (id) => copy(store.customer(id)),
    session: (id) => copy(store.session(id)),
    subscription: (id) => copy(store.subscription(id)),
    invoice: (id) => copy(store.invoice(id)),
    coupons: () => copy([...store.coupons.values()]),
    promotionCodes: () => copy([...store.promotionCodes.values()]),
    refunds: () => copy([...store.refunds.values()]),
    charge: (id) => copy(store.charges.get(id)!),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async stop() {
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
