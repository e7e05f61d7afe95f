// Ending an offer early and moving its end date and cap, with the real `stripe` SDK against the fake:
// Stripe never changes a promotion code's expiry or cap, so the code is deactivated and made again
// with what is left; an ended offer's page says so, its link and its typed code stop working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { history, offers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { stripeEnv } from '../support/stripe-env';
import { CookieJar } from '../support/cookie-jar';
import { startTestServer, type TestServer } from '../support/server';
import { postAs } from '../support/members';
import { staffWithSession } from '../support/staff-session';

const MONTHLY = 'price_test_monthly';
let stripe: FakeStripe;
let server: TestServer;
let db: Database;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { [MONTHLY]: 299 } });
  server = await startTestServer({ env: stripeEnv(stripe, [MONTHLY]) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  for (const role of ['owner', 'editor', 'support', 'contributor'] as const) {
    tokens[role] = (await staffWithSession(server.databaseUrl, { name: `Sam ${role}`, email: `${role}@example.com`, role })).token;
  }
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const as = (role: string, method: string, path: string, body?: unknown) =>
  server.fetch(path, {
    method,
    headers: { origin: server.url, cookie: `admin_session=${tokens[role]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const cityToday = () => new Date(Date.now() - 7 * 3_600_000).toISOString().slice(0, 10);
const endOf = (day: string) => Math.floor(Date.parse(`${day}T23:59:59.999-07:00`) / 1000);
const promosFor = (code: string) => stripe.promotionCodes().filter((p) => p.code === code);
const entriesFor = (code: string) =>
  db
    .select()
    .from(history)
    .where(and(eq(history.kind, 'offer'), eq(history.subjectId, code)))
    .orderBy(asc(history.id));

/** Subscribes through the offer's link, paying on the fake's hosted page. */
async function redeemOffer(email: string, offer: string) {
  const created = await postAs(server, '/api/create-subscription', new CookieJar(), { email, offer }, '/launch');
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const paid = await fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(paid.status).toBe(303);
  await stripe.settled();
}

describe('changing an offer', () => {
  it('moves the end date and cap: the old promotion code is deactivated, a new one carries the new end and what is left of the cap', async () => {
    const made = await as('editor', 'POST', '/api/admin/offers', {
      code: 'SPRING25',
      name: 'Spring quarter off',
      kind: 'percent',
      percentOff: 25,
      duration: 'once',
      startsOn: cityToday(),
      endsOn: '2099-06-30',
      maxRedemptions: 10,
    });
    expect(made.status).toBe(201);
    await redeemOffer('first.spring@example.com', 'SPRING25');
    const [first] = promosFor('SPRING25');
    expect(first!.times_redeemed).toBe(1);

    const changed = await as('editor', 'PATCH', '/api/admin/offers/spring25', { endsOn: '2099-09-30', maxRedemptions: 3 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ code: 'SPRING25', endsAt: new Date(endOf('2099-09-30') * 1000 + 999).toISOString(), maxRedemptions: 3 });
    const promos = promosFor('SPRING25');
    expect(promos.map((p) => [p.active, p.expires_at, p.max_redemptions])).toEqual(
      expect.arrayContaining([
        [false, endOf('2099-06-30'), 10],
        [true, endOf('2099-09-30'), 2],
      ]),
    );
    const active = promos.find((p) => p.active)!;
    expect(active.promotion.coupon).toBe(first!.promotion.coupon);
    const [row] = await db.select().from(offers).where(eq(offers.code, 'SPRING25'));
    expect(row).toMatchObject({ maxRedemptions: 3, stripePromotionCodeId: active.id });
    // The offer's link applies the new code.
    await redeemOffer('second.spring@example.com', 'SPRING25');
    expect(stripe.promotionCodes().find((p) => p.id === active.id)!.times_redeemed).toBe(1);
    const entry = (await entriesFor('SPRING25')).at(-1)!;
    expect(entry).toMatchObject({
      actorName: 'Sam editor',
      event: 'edited',
      subjectLabel: 'Spring quarter off (25% off your first month)',
      before: { endsAt: new Date(endOf('2099-06-30') * 1000 + 999).toISOString(), maxRedemptions: 10 },
      after: { endsAt: new Date(endOf('2099-09-30') * 1000 + 999).toISOString(), maxRedemptions: 3 },
    });
  });

  it('refuses a cap below the redemptions so far and an end date that has passed, changing nothing in Stripe', async () => {
    const before = promosFor('SPRING25').length;
    const low = await as('owner', 'PATCH', '/api/admin/offers/SPRING25', { maxRedemptions: 1 });
    expect(low.status).toBe(400);
    expect((await low.json()).message).toBe('The cap cannot be below the 2 redemptions made so far.');
    const past = await as('owner', 'PATCH', '/api/admin/offers/SPRING25', { endsOn: '2020-01-31' });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe('The end date has passed. Choose a date from today on, or end the offer now.');
    const both = await as('owner', 'PATCH', '/api/admin/offers/SPRING25', { endNow: true, endsOn: '2099-12-31' });
    expect(both.status).toBe(400);
    expect(promosFor('SPRING25')).toHaveLength(before);
    expect((await as('owner', 'PATCH', '/api/admin/offers/NOSUCH1', { endNow: true })).status).toBe(404);
  });

  it('is for Owners and Editors only', async () => {
    for (const role of ['support', 'contributor']) {
      expect((await as(role, 'PATCH', '/api/admin/offers/SPRING25', { endNow: true })).status).toBe(403);
    }
    expect(
      (
        await server.fetch('/api/admin/offers/SPRING25', {
          method: 'PATCH',
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: '{"endNow":true}',
        })
      ).status,
    ).toBe(401);
    expect(promosFor('SPRING25').filter((p) => p.active)).toHaveLength(1);
  });
});

describe('ending an offer early', () => {
  it('deactivates its promotion code; its page says it has ended (410); its link and its typed code stop working', async () => {
    expect((await server.fetch('/offer/SPRING25')).status).toBe(200);
    const ended = await as('owner', 'PATCH', '/api/admin/offers/SPRING25', { endNow: true });
    expect(ended.status).toBe(200);
    expect(promosFor('SPRING25').map((p) => p.active)).toEqual([false, false]);
    const page = await server.fetch('/offer/SPRING25');
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This offer has ended');
    expect(html).not.toContain('data-testid="offer-deal"');
    const refused = await postAs(server, '/api/create-subscription', new CookieJar(), { email: 'late.spring@example.com', offer: 'SPRING25' }, '/launch');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This offer has ended.');
    // A code typed on Stripe's page is refused by Stripe itself.
    const open = await postAs(server, '/api/create-subscription', new CookieJar(), { email: 'typed.spring@example.com' }, '/launch');
    const { url } = (await open.json()) as { url: string };
    const typed = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ promotionCode: 'SPRING25' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain('This code is invalid.');
    const entry = (await entriesFor('SPRING25')).at(-1)!;
    expect(entry).toMatchObject({ actorName: 'Sam owner', event: 'ended' });
    expect((entry.after as { maxRedemptions: number }).maxRedemptions).toBe(3);
    const again = await as('owner', 'PATCH', '/api/admin/offers/SPRING25', { endNow: true });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This offer has already ended.');
  });

  it('a trial offer ends without a call to Stripe; the offers page lists it as Ended with no actions', async () => {
    expect(
      (
        await as('editor', 'POST', '/api/admin/offers', {
          code: 'WEEKFREE',
          name: 'A free week',
          kind: 'trial',
          trialDays: 7,
          startsOn: cityToday(),
          endsOn: '2099-12-31',
        })
      ).status,
    ).toBe(201);
    const calls = stripe.requests.length;
    expect((await as('editor', 'PATCH', '/api/admin/offers/WEEKFREE', { endNow: true })).status).toBe(200);
    expect(stripe.requests.length).toBe(calls);
    expect((await server.fetch('/offer/WEEKFREE')).status).toBe(410);
    const desk = await (await as('editor', 'GET', '/admin/offers')).text();
    const row = /<tr data-offer="WEEKFREE">([\s\S]*?)<\/tr>/.exec(desk)![1]!;
    expect(row).toContain('Ended');
    expect(row).not.toContain('astro-island');
  });
});
