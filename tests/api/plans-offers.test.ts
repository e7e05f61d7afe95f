// The yearly plan and offers, driven by the real `stripe` SDK against the fake Stripe: the dialog's
// plan choice reaches Checkout, /launch and /account say which plan, the portal switches plans, an
// Editor's offer becomes a coupon and promotion code with its own page, a trial offer, a code typed
// at checkout, a capped offer; then the revenue page's figures recomputed from the fake's own records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, subscribers, subscriptionPayments } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { postAs, isActive } from '../support/members';
import { staffWithSession } from '../support/staff-session';

const MONTHLY = 'price_test_monthly';
const YEARLY = 'price_test_yearly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;
let editor: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299, [YEARLY]: { amount: 2990, interval: 'year' } } });
  server = await startTestServer({ env: { ...stripeEnv(stripe, [MONTHLY]), STRIPE_YEARLY_PRICE_ID: YEARLY } });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  editor = (await staffWithSession(server.databaseUrl, { name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' })).token;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const lastCheckoutRequest = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;

/** Starts a checkout as `jar`, pays it on the fake's hosted page (optionally typing a code) and returns to /success. */
async function subscribe(email: string, body: Record<string, unknown> = {}, typedCode?: string, jar = new CookieJar()) {
  const created = await postAs(server, '/api/create-subscription', jar, { email, ...body }, '/launch');
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const form = new URLSearchParams(typedCode ? { promotionCode: typedCode } : {});
  const paid = await fetch(url, { method: 'POST', redirect: 'manual', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  expect((await postAs(server, '/api/subscription/success', jar, { sessionId })).status).toBe(200);
  await stripe.settled();
  const subscriptionId = stripe.session(sessionId).subscription!;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId));
  return { jar, subscriptionId, row: row!, request: lastCheckoutRequest() };
}

const asEditor = (method: string, path: string, body?: unknown) =>
  server.fetch(path, {
    method,
    headers: { origin: server.url, cookie: `admin_session=${editor}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const planOf = async (jar: CookieJar) => (await server.fetch('/api/account/plan', { headers: { cookie: jar.header() } })).json();
const cityToday = () => new Date(Date.now() - 7 * 3_600_000).toISOString().slice(0, 10);

describe('the yearly plan', () => {
  it('/launch and the embedded offer carry the yearly price and its saving; monthly stays the default', async () => {
    const launch = await (await server.fetch('/launch')).text();
    expect(launch).toMatch(/Or yearly: <strong[^>]*>\$29\.90\/year<\/strong>\s*<span class="price-box__saving"[^>]*>Save 16%<\/span>/);
    const meta = /<meta name="site-offer" content="([^"]*)"/.exec(launch)![1]!.replaceAll('&#34;', '"').replaceAll('&quot;', '"');
    expect(JSON.parse(meta).yearly).toEqual({ amount: '$29.90', per: 'year', perShort: 'yr', savingPercent: 16 });
    const { request, row, jar } = await subscribe('monthly.reader@example.com');
    expect(request.body).toMatchObject({ line_items: [{ price: MONTHLY, quantity: '1' }], allow_promotion_codes: 'true' });
    expect(row).toMatchObject({ priceId: MONTHLY, interval: 'month', amount: 299 });
    expect(await planOf(jar)).toEqual({ plan: 'monthly', until: null });
  });

  it('plan: yearly checks out the yearly price; /api/account/plan says yearly; a typed email learns nothing', async () => {
    const { request, row, jar } = await subscribe('yearly.reader@example.com', { plan: 'yearly' });
    expect(request.body.line_items).toEqual([{ price: YEARLY, quantity: '1' }]);
    expect(row).toMatchObject({ priceId: YEARLY, interval: 'year', amount: 2990, subscriptionStatus: 'active' });
    expect(await planOf(jar)).toEqual({ plan: 'yearly', until: null });
    const stranger = new CookieJar();
    await postAs(server, '/api/create-subscription', stranger, { email: 'yearly.reader@example.com' });
    expect(await planOf(stranger)).toEqual({ plan: null, until: null });
    const refused = await postAs(server, '/api/create-subscription', new CookieJar(), { email: 'x@example.com', plan: 'weekly' });
    expect(refused.status).toBe(400);
  });

  it('the billing portal switches a monthly member to yearly, and the webhook records the new plan', async () => {
    const { jar, subscriptionId } = await subscribe('switcher@example.com');
    const portal = await postAs(server, '/api/billing-portal', jar, {});
    expect(portal.status).toBe(200);
    const { url } = (await portal.json()) as { url: string };
    expect(await (await fetch(url)).text()).toContain('Switch to $29.90 per year');
    const form = new URLSearchParams({ subscription: subscriptionId, price: YEARLY });
    const switched = await fetch(`${url}/switch`, { method: 'POST', redirect: 'manual', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(switched.status).toBe(303);
    await stripe.settled();
    const [row] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId));
    expect(row).toMatchObject({ priceId: YEARLY, interval: 'year', amount: 2990 });
    expect(await planOf(jar)).toEqual({ plan: 'yearly', until: null });
    const payments = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId));
    expect(payments.map((p) => p.amountPaid)).toEqual([299, 2990]);
  });
});

describe('offers', () => {
  const far = '2099-12-31';
  it('an Editor creates a 50%-for-3-months offer: a Stripe coupon and promotion code, and a History entry', async () => {
    const made = await asEditor('POST', '/api/admin/offers', {
      code: 'HALF3',
      name: 'Launch half price',
      kind: 'percent',
      percentOff: 50,
      duration: 'repeating',
      durationMonths: 3,
      startsOn: cityToday(),
      endsOn: far,
    });
    expect(made.status).toBe(201);
    const coupon = stripe.coupons().find((c) => c.metadata.offer === 'HALF3')!;
    expect(coupon).toMatchObject({ percent_off: 50, duration: 'repeating', duration_in_months: 3, amount_off: null });
    const promo = stripe.promotionCodes().find((p) => p.code === 'HALF3')!;
    expect(promo).toMatchObject({
      promotion: { type: 'coupon', coupon: coupon.id },
      max_redemptions: null,
      expires_at: Math.floor(Date.parse(`${far}T23:59:59.999-07:00`) / 1000),
    });
    const [entry] = await db
      .select()
      .from(history)
      .where(and(eq(history.kind, 'offer'), eq(history.subjectId, 'HALF3')));
    expect(entry).toMatchObject({ actorName: 'Eddie Editor', event: 'created', subjectLabel: 'Launch half price (50% off for 3 months)' });
    const again = await asEditor('POST', '/api/admin/offers', { code: 'half3', name: 'Again', kind: 'trial', trialDays: 7, startsOn: cityToday(), endsOn: far });
    expect(again.status).toBe(409);
    const past = await asEditor('POST', '/api/admin/offers', { code: 'PAST10', name: 'Old', kind: 'trial', trialDays: 7, startsOn: '2020-01-01', endsOn: '2020-01-31' });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe('The end date has passed. Choose a date from today on.');
  });

  it('/offer/{code} states the deal; an unknown code is a 404 page', async () => {
    const page = await server.fetch('/offer/HALF3');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/data-testid="offer-deal"[^>]*>\s*50% off for 3 months, then \$2\.99\/month\s*</);
    expect((await server.fetch('/offer/NOPE99')).status).toBe(404);
  });

  it('checkout from the offer applies it: 50% off the first three payments, full price after', async () => {
    const { request, row, subscriptionId } = await subscribe('half.price@example.com', { offer: 'half3' });
    const promo = stripe.promotionCodes().find((p) => p.code === 'HALF3')!;
    expect(request.body.discounts).toEqual([{ promotion_code: promo.id }]);
    expect(request.body.allow_promotion_codes).toBeUndefined();
    expect(row).toMatchObject({ offerCode: 'HALF3', discountPercentOff: 50, discountDuration: 'repeating' });
    for (let i = 0; i < 3; i++) await stripe.payInvoice(subscriptionId);
    const payments = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId));
    expect(payments.map((p) => p.amountPaid)).toEqual([149, 149, 149, 299]);
    expect(stripe.promotionCodes().find((p) => p.code === 'HALF3')!.times_redeemed).toBe(1);
  });

  it('a 7-day trial offer: no charge at checkout, access at once, the first charge when the trial ends', async () => {
    expect(
      (await asEditor('POST', '/api/admin/offers', { code: 'WEEKFREE', name: 'A free week', kind: 'trial', trialDays: 7, startsOn: cityToday(), endsOn: far })).status,
    ).toBe(201);
    expect(await (await server.fetch('/offer/WEEKFREE')).text()).toContain('7 days free, then $2.99/month');
    const { request, row, jar, subscriptionId } = await subscribe('trial.reader@example.com', { offer: 'WEEKFREE' });
    expect(request.body.subscription_data).toMatchObject({ trial_period_days: '7', metadata: { offer: 'WEEKFREE' } });
    expect(row).toMatchObject({ offerCode: 'WEEKFREE', stripeStatus: 'trialing', subscriptionStatus: 'active' });
    expect(await isActive(server, jar, 'trial.reader@example.com')).toBe(true);
    expect(stripe.invoice(stripe.subscription(subscriptionId).latest_invoice!).amount_paid).toBe(0);
    await stripe.payInvoice(subscriptionId);
    const [after] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId));
    expect(after).toMatchObject({ stripeStatus: 'active', subscriptionStatus: 'active' });
    const payments = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId));
    expect(payments.filter((p) => p.amountPaid > 0).map((p) => p.amountPaid)).toEqual([299]);
  });

  it('a code typed at checkout counts for its offer', async () => {
    expect(
      (
        await asEditor('POST', '/api/admin/offers', {
          code: 'TYPED20',
          name: 'Newsletter readers',
          kind: 'percent',
          percentOff: 20,
          duration: 'once',
          startsOn: cityToday(),
          endsOn: far,
        })
      ).status,
    ).toBe(201);
    const { row, subscriptionId } = await subscribe('typed.code@example.com', {}, 'typed20');
    expect(row).toMatchObject({ offerCode: 'TYPED20' });
    expect(stripe.invoice(stripe.subscription(subscriptionId).latest_invoice!).amount_paid).toBe(239);
  });

  it('a capped offer ends when its cap is reached: the page says so (410) and checkout refuses it', async () => {
    const made = await asEditor('POST', '/api/admin/offers', {
      code: 'ONLYONE',
      name: 'First reader',
      kind: 'amount',
      amountOff: 100,
      duration: 'forever',
      startsOn: cityToday(),
      endsOn: far,
      maxRedemptions: 1,
    });
    expect(made.status).toBe(201);
    expect(stripe.coupons().find((c) => c.metadata.offer === 'ONLYONE')).toMatchObject({ amount_off: 100, currency: 'usd', duration: 'forever' });
    await subscribe('first.reader@example.com', { offer: 'ONLYONE' });
    const page = await server.fetch('/offer/ONLYONE');
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Every place in this offer has been taken.');
    const refused = await postAs(server, '/api/create-subscription', new CookieJar(), { email: 'second.reader@example.com', offer: 'ONLYONE' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This offer has ended.');
  });
});

describe('the figures, recomputed from the fake Stripe', () => {
  it('MRR counts yearly ÷ 12; the revenue page shows paying per plan and each offer’s redemptions and revenue', async () => {
    const live = stripe.events
      .filter((e) => e.type === 'customer.subscription.created')
      .map((e) => stripe.subscription((e.data.object as { id: string }).id))
      .filter((s) => s.status === 'active' || s.status === 'trialing');
    const mrr = Math.round(live.reduce((sum, s) => sum + s.items.data[0]!.price.unit_amount / (s.items.data[0]!.price.recurring.interval === 'year' ? 12 : 1), 0));
    const facts = await (await asEditor('GET', '/api/admin/members/revenue')).json();
    expect(facts.mrr).toEqual([{ currency: 'usd', amount: mrr }]);
    const html = await (await asEditor('GET', '/admin/members/revenue')).text();
    const yearly = live.filter((s) => s.items.data[0]!.price.recurring.interval === 'year').length;
    const figure = (id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect({ yearly: figure('plans-yearly'), monthly: figure('plans-monthly') }).toEqual({ yearly: String(yearly), monthly: String(live.length - yearly) });
    for (const code of ['HALF3', 'WEEKFREE', 'TYPED20', 'ONLYONE']) {
      const mine = live.filter((s) => offerOf(s.id) === code);
      const paid = mine.reduce((sum, s) => sum + invoicesOf(s.id).reduce((a, b) => a + b, 0), 0);
      const row = new RegExp(`<tr data-offer="${code}"[^]*?</tr>`).exec(html)![0];
      const [redemptions, revenue] = [...row.matchAll(/<td class="num"[^>]*>([^<]*)</g)].map((m) => m[1]!.trim());
      expect({ code, redemptions, revenue }).toEqual({ code, redemptions: `${mine.length}${code === 'ONLYONE' ? ' of 1' : ''}`, revenue: `$${(paid / 100).toFixed(2)}` });
    }
  });
});

/** The offer a fake subscription was bought with: its metadata, else its checkout's promotion code. */
function offerOf(subscriptionId: string): string | null {
  const sub = stripe.subscription(subscriptionId);
  if (sub.metadata.offer) return sub.metadata.offer;
  const created = stripe.events.find((e) => e.type === 'checkout.session.completed' && (e.data.object as { subscription: string }).subscription === subscriptionId);
  const promo = (created?.data.object as { discounts?: { promotion_code: string | null }[] } | undefined)?.discounts?.[0]?.promotion_code;
  return stripe.promotionCodes().find((p) => p.id === promo)?.code ?? null;
}

function invoicesOf(subscriptionId: string): number[] {
  return stripe.events
    .filter((e) => e.type === 'invoice.paid')
    .map((e) => e.data.object as { id: string; amount_paid: number; parent: { subscription_details: { subscription: string } } })
    .filter((invoice, i, all) => invoice.parent.subscription_details.subscription === subscriptionId && all.findIndex((x) => x.id === invoice.id) === i)
    .map((invoice) => invoice.amount_paid);
}
