// The "done when" walk: 20 members, 19 through real checkouts on the fake Stripe (one refunded,
// two cancelled) and one complimentary; every Dashboard figure is recomputed here from the raw
// material alone (the fake's events and objects, and the requests this test made) and must match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { newsletterSubscribers, spots } from '../../db/schema';
import { FREE_SPOT_VIEWS } from '../../src/lib/constants';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { checkoutFrom, postAs } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { asStaff, staffWithSession } from '../support/staff-session';

const MONTHLY = 'price_test_monthly';
const YEARLY = 'price_test_yearly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;
let owner: string;
let editor: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299, [YEARLY]: { amount: 2990, interval: 'year' } } });
  server = await startTestServer({ env: { ...stripeEnv(stripe, [MONTHLY, YEARLY]), ADMIN_PASSWORD: 'members-dashboard-password-2026' } });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  owner = (await staffWithSession(server.databaseUrl, { name: 'Olive Owner', email: 'olive@example.com', role: 'owner' })).token;
  editor = (await staffWithSession(server.databaseUrl, { name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' })).token;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const as = (token: string, method: string, path: string, body?: unknown) => asStaff(server, token, method, path, body);
const cityToday = () => new Date(Date.now() - 7 * 3_600_000).toISOString().slice(0, 10);

describe('the Dashboard, recomputed from the raw events', () => {
  it('20 members: paying, MRR, new, cancelled, churn, the funnel and the pages that converted match', async () => {
    const slugs = (
      await db
        .select({ slug: spots.slug })
        .from(spots)
        .orderBy(asc(spots.id))
        .limit(FREE_SPOT_VIEWS + 3)
    ).map((s) => s.slug);
    const ids = (
      await db
        .select({ id: spots.id })
        .from(spots)
        .orderBy(asc(spots.id))
        .limit(FREE_SPOT_VIEWS + 3)
    ).map((s) => s.id);
    const pages = [`/spots/${slugs[0]}`, `/spots/${slugs[0]}`, `/spots/${slugs[1]}`, '/blog/desert-botanical-guide', '/launch', '/'];
    const made = { viewsOk: 0, views402: 0, dialogs: 0, checkouts: 0 };
    const startedOn: string[] = [];
    const subscriptions: string[] = [];
    for (let i = 0; i < 19; i++) {
      const jar = new CookieJar();
      const from = pages[i % pages.length]!;
      const email = `member${String(i).padStart(2, '0')}@example.com`;
      // Every third member walks the paywall first: the email claimed, free views, the limit, the dialog.
      if (i % 3 === 0) {
        expect((await postAs(server, '/api/create-subscription', jar, { email }, '/spots')).status).toBe(200);
        made.checkouts++;
        for (const id of ids.slice(0, FREE_SPOT_VIEWS + 1)) {
          const status = (await postAs(server, `/api/spots/${id}/view`, jar)).status;
          if (status === 200) made.viewsOk++;
          if (status === 402) made.views402++;
        }
        expect((await postAs(server, '/api/funnel/dialog-opened', jar, undefined, from)).status).toBe(200);
        made.dialogs++;
      }
      const { subscriptionId } = await checkoutFrom(server, stripe, email, from, jar, i % 5 === 4 ? YEARLY : undefined);
      made.checkouts++;
      startedOn.push(from);
      subscriptions.push(subscriptionId);
    }
    // One refunded (through the back office), two cancelled (in Stripe), one complimentary.
    expect((await as(owner, 'POST', '/api/admin/members/refund', { subscriptionId: subscriptions[0] })).status).toBe(200);
    await stripe.setSubscriptionStatus(subscriptions[1]!, 'canceled');
    await stripe.setSubscriptionStatus(subscriptions[2]!, 'canceled');
    expect((await as(owner, 'POST', '/api/admin/members/comp', { email: 'member.comp@example.com', until: '2099-01-31' })).status).toBe(200);
    await db.insert(newsletterSubscribers).values([
      { email: 'n1@example.com', isActive: true, confirmedAt: new Date() },
      { email: 'n2@example.com', isActive: false, confirmationRequestedAt: new Date() },
      { email: 'n3@example.com', isActive: false },
    ]);
    await stripe.settled();

    // Independently, from the fake's own record.
    const created = stripe.events.filter((e) => e.type === 'customer.subscription.created').map((e) => (e.data.object as { id: string }).id);
    const ended = new Set(stripe.events.filter((e) => e.type === 'customer.subscription.deleted').map((e) => (e.data.object as { id: string }).id));
    const live = created.filter((id) => !ended.has(id));
    // In twelfths of a cent (yearly = amount, monthly = 12 × amount), so the sum is exact.
    const twelfths = live.reduce((sum, id) => {
      const price = stripe.subscription(id).items.data[0]!.price;
      return sum + (price.recurring.interval === 'year' ? price.unit_amount : price.unit_amount * 12);
    }, 0);
    const mrr = twelfths / 12;
    const refunds = stripe.refunds();
    const bySource = new Map<string, number>();
    for (const from of startedOn) {
      const key = from === '/' ? 'home:' : from === '/launch' ? 'launch:' : from.startsWith('/blog/') ? `story:${from.slice(6)}` : `spot:${from.slice(7)}`;
      bySource.set(key, (bySource.get(key) ?? 0) + 1);
    }

    const today = cityToday();
    const response = await as(editor, 'GET', `/api/admin/members/revenue?from=${today}&to=${today}&by=day`);
    expect(response.status).toBe(200);
    const facts = await response.json();
    expect(created).toHaveLength(19);
    expect(refunds).toHaveLength(1);
    expect(facts.paying).toEqual({ now: live.length, atStart: 0, atEnd: live.length });
    expect(facts.paying.now).toBe(16);
    expect(facts.complimentary).toBe(1);
    expect(facts.mrr).toEqual([{ currency: 'usd', amount: Math.round(mrr) }]);
    expect(facts.series).toEqual([
      { bucket: today, newPaid: created.length, cancelled: ended.size, payingAtStart: 0, churnPercent: null, payingAtEnd: live.length, mrrAtEnd: Math.round(mrr) },
    ]);
    // The last 7 days: six quiet days, then today's moves; the charts' table rows carry the same numbers.
    const week = await (await as(editor, 'GET', '/api/admin/members/revenue?range=7d')).json();
    expect(week.range).toMatchObject({ to: today, by: 'day', preset: '7d' });
    expect(week.series).toHaveLength(7);
    expect(
      week.series
        .slice(0, 6)
        .map((row: { newPaid: number; cancelled: number; payingAtEnd: number; mrrAtEnd: number }) => [row.newPaid, row.cancelled, row.payingAtEnd, row.mrrAtEnd]),
    ).toEqual(Array(6).fill([0, 0, 0, 0]));
    expect(week.series[6]).toEqual(facts.series[0]);
    const step = (kind: string) => facts.funnel.find((row: { kind: string }) => row.kind === kind);
    expect(step('free_view').events).toBe(made.viewsOk);
    expect(step('limit_reached').events).toBe(made.views402);
    expect(step('dialog_opened').events).toBe(made.dialogs);
    expect(step('checkout_started').events).toBe(made.checkouts);
    expect(step('paid').events).toBe(created.length);
    expect(step('cancelled').events).toBe(ended.size);
    expect(step('refunded').events).toBe(refunds.length);
    expect(step('limit_reached').conversionPercent).toBe(Math.round((made.views402 / made.viewsOk) * 1000) / 10);
    expect(step('checkout_started').conversionPercent).toBe(Math.round((made.checkouts / made.dialogs) * 1000) / 10);
    expect(new Map(facts.sources.map((row: { kind: string; id: string | null; subscriptions: number }) => [`${row.kind}:${row.id ?? ''}`, row.subscriptions]))).toEqual(
      bySource,
    );
    const list = await db.select().from(newsletterSubscribers);
    expect(facts.newsletter).toMatchObject({
      confirmed: list.filter((n) => n.isActive).length,
      pending: list.filter((n) => !n.isActive && n.confirmationRequestedAt).length,
      unsubscribed: list.filter((n) => !n.isActive && !n.confirmationRequestedAt).length,
    });
    expect(facts.newsletter.unsubscribed).toBeGreaterThanOrEqual(1);

    // The same figures on the pages: the Dashboard's cards (Editor) and the revenue page.
    const dashboard = await (await as(editor, 'GET', '/admin')).text();
    expect(dashboard).toContain('<span class="admin-stats__n">16</span>');
    expect(dashboard).toContain(`$${(Math.round(mrr) / 100).toFixed(2)}`);
    const page = await as(editor, 'GET', `/admin/members/revenue?from=${today}&to=${today}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<td class="num" data-series="events" data-value="${made.viewsOk}">`);
    expect(html).toContain(`Spot: ${slugs[0]}`);
    expect(html).toContain(`<td class="num" data-series="paying" data-value="${live.length}">`);
    expect(html).toContain(`<td class="num" data-series="mrr" data-value="${Math.round(mrr)}">`);
    expect(html).toContain(`<td class="num" data-series="events" data-value="${made.checkouts}">`);
    // The contributor has no revenue figures.
    const contributor = (await staffWithSession(server.databaseUrl, { name: 'Cora', email: 'cora@example.com', role: 'contributor' })).token;
    expect((await as(contributor, 'GET', '/api/admin/members/revenue')).status).toBe(403);
    expect(await (await as(contributor, 'GET', '/admin')).text()).not.toContain('monthly recurring revenue');
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await as(editor, 'GET', '/api/admin/members/revenue?from=2026-02-01&to=2026-01-01');
    expect(response.status).toBe(400);
    const { message } = await response.json();
    expect(message).toBe('Invalid query: from must not be after to');
  });
});
