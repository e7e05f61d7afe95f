import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { funnelEvents, history, newsletterSubscribers, subscribers, subscriptionPayments } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { stripeEnv } from '../support/stripe-env';
import { checkoutFrom, isActive } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { asStaff, staffWithSession } from '../support/staff-session';

let stripe: FakeStripe;
let server: TestServer;
let db: Database;
let owner: string;
let support: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { price_test_monthly: 299 } });
  server = await startTestServer({ env: { ...stripeEnv(stripe), ADMIN_PASSWORD: 'members-admin-password-2026' } });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  db = openDatabase({ url: server.databaseUrl });
  owner = (await staffWithSession(server.databaseUrl, { name: 'Olive Owner', email: 'olive@example.com', role: 'owner' })).token;
  support = (await staffWithSession(server.databaseUrl, { name: 'Sam Support', email: 'sam@example.com', role: 'support' })).token;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
  await stripe?.stop();
});

const as = (token: string, method: string, path: string, body?: unknown) => asStaff(server, token, method, path, body);
const lastHistory = async (subject: string) => (await db.select().from(history).where(eq(history.subjectId, subject)).orderBy(desc(history.id)).limit(1))[0];

describe('refund under the 30-day guarantee', () => {
  it('gives the last payment back in full through Stripe, ends access at once, and History says who', async () => {
    const email = 'refund.me@example.com';
    const { subscriptionId, jar } = await checkoutFrom(server, stripe, email, '/');
    expect(await isActive(server, jar, email)).toBe(true);

    const refused = await as(support, 'POST', '/api/admin/members/refund', { subscriptionId });
    expect(refused.status).toBe(403);

    const response = await as(owner, 'POST', '/api/admin/members/refund', { subscriptionId });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ refunded: 299, currency: 'usd', status: 'canceled' });
    await stripe.settled();

    const [refund] = stripe.refunds();
    expect(refund).toMatchObject({ id: body.refund, amount: 299, status: 'succeeded', reason: 'requested_by_customer' });
    expect(stripe.charge(refund!.charge)).toMatchObject({ amount: 299, amount_refunded: 299, refunded: true });
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(stripe.events.filter((e) => e.type === 'charge.refunded')).toHaveLength(1);

    expect(await isActive(server, jar, email)).toBe(false);
    const [payment] = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId));
    expect(payment).toMatchObject({ amountPaid: 299, amountRefunded: 299, paymentIntentId: refund!.payment_intent });
    const entry = await lastHistory(email);
    expect(entry).toMatchObject({ actorName: 'Olive Owner', kind: 'member', event: 'refunded' });
    expect(entry!.after).toMatchObject({ amount: 299, status: 'canceled', refund: refund!.id });
    const steps = await db.select({ kind: funnelEvents.kind }).from(funnelEvents).where(eq(funnelEvents.stripeSubscriptionId, subscriptionId));
    expect(steps.map((s) => s.kind).sort()).toEqual(['cancelled', 'paid', 'refunded']);

    const again = await as(owner, 'POST', '/api/admin/members/refund', { subscriptionId });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('There is no payment left to refund on this subscription.');
    expect(stripe.refunds()).toHaveLength(1);
  });

  it('refuses a payment older than 30 days, and Stripe is not asked', async () => {
    const { subscriptionId } = await checkoutFrom(server, stripe, 'too.late@example.com', '/');
    await db
      .update(subscriptionPayments)
      .set({ paidAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(subscriptionPayments.stripeSubscriptionId, subscriptionId));
    const before = stripe.requests.length;
    const response = await as(owner, 'POST', '/api/admin/members/refund', { subscriptionId });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("The 30-day money-back guarantee has passed for this payment. Refund it in Stripe's dashboard if you still want to.");
    expect(stripe.requests.slice(before).filter((r) => r.path.startsWith('/v1/'))).toEqual([]);
  });
});

describe('cancel, complimentary access, confirmation', () => {
  it('cancel at period end: Stripe schedules it, access stays until then, History has the date', async () => {
    const email = 'leaving.later@example.com';
    const { subscriptionId, jar } = await checkoutFrom(server, stripe, email, '/');
    const response = await as(owner, 'POST', '/api/admin/members/cancel', { subscriptionId });
    expect(response.status).toBe(200);
    const sub = stripe.subscription(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(true);
    const [row] = await db.select().from(subscribers).where(eq(subscribers.stripeSubscriptionId, subscriptionId));
    expect(row!.cancelAt?.getTime()).toBe(sub.cancel_at! * 1000);
    expect(await isActive(server, jar, email)).toBe(true);
    const entry = await lastHistory(email);
    expect(entry).toMatchObject({ event: 'cancelled at period end', after: { subscription: subscriptionId, cancelAt: new Date(sub.cancel_at! * 1000).toISOString() } });
    expect((await as(owner, 'POST', '/api/admin/members/cancel', { subscriptionId })).status).toBe(409);
  });

  it('complimentary access until a date: listed as complimentary, History written; a past date is refused', async () => {
    const email = 'friend.of.the.guide@example.com';
    const past = await as(owner, 'POST', '/api/admin/members/comp', { email, until: '2020-01-01' });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe('Choose a date in the future.');
    const response = await as(owner, 'POST', '/api/admin/members/comp', { email, until: '2099-12-31' });
    expect(response.status).toBe(200);
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: 'active', stripeStatus: 'complimentary' });
    expect(row!.compUntil?.toISOString()).toBe('2100-01-01T06:59:59.999Z');
    const list = await (await as(support, 'GET', `/api/admin/members?q=${encodeURIComponent('friend.of')}`)).json();
    expect(list.members).toEqual([expect.objectContaining({ email, state: 'complimentary' })]);
    expect(await lastHistory(email)).toMatchObject({ event: 'complimentary access given', actorName: 'Olive Owner' });
  });

  it('resends the newsletter confirmation once, and says when it is too soon', async () => {
    const email = 'waiting.reader@example.com';
    await db.insert(newsletterSubscribers).values({ email, isActive: false, confirmationRequestedAt: new Date() });
    const response = await as(owner, 'POST', '/api/admin/members/resend-confirmation', { email });
    expect(response.status).toBe(200);
    const queued = await db.$client.execute({
      sql: 'SELECT count(*) AS n FROM newsletter_outbox o JOIN newsletter_subscribers s ON s.id = o.subscriber_id WHERE s.email = ?',
      args: [email],
    });
    expect(Number(queued.rows[0]!.n)).toBe(1);
    expect(await lastHistory(email)).toMatchObject({ event: 'newsletter confirmation resent' });
    const again = await as(owner, 'POST', '/api/admin/members/resend-confirmation', { email });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('A confirmation went out in the last 10 minutes or is waiting to go out. Try again later.');
    const entries = await db
      .select()
      .from(history)
      .where(and(eq(history.subjectId, email), eq(history.event, 'newsletter confirmation resent')));
    expect(entries).toHaveLength(1);
  });
});

describe('the members list, CSV out and in', () => {
  it('lists everyone who gave an email once, with states; filters and search; Support may read', async () => {
    await db.insert(newsletterSubscribers).values({ email: 'only.news@example.com', isActive: true, confirmedAt: new Date() });
    const { subscriptionId } = await checkoutFrom(server, stripe, 'paying.reader@example.com', '/');
    // The same person also reads the newsletter: still one row.
    await db.insert(newsletterSubscribers).values({ email: 'paying.reader@example.com', isActive: true, confirmedAt: new Date() });
    await stripe.failInvoice(subscriptionId);
    const pastDue = await (await as(support, 'GET', '/api/admin/members?state=past_due')).json();
    expect(pastDue.members.map((m: { email: string }) => m.email)).toEqual(['paying.reader@example.com']);
    const all = await (await as(support, 'GET', '/api/admin/members?limit=100')).json();
    const emails: string[] = all.members.map((m: { email: string }) => m.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(all.members.find((m: { email: string }) => m.email === 'only.news@example.com')).toMatchObject({ state: 'newsletter', newsletter: 'confirmed' });
    expect(all.members.find((m: { email: string }) => m.email === 'refund.me@example.com')).toMatchObject({ state: 'cancelled' });
    const page = await (await as(support, 'GET', '/api/admin/members?limit=2')).json();
    expect(page.members).toHaveLength(2);
    const next = await (await as(support, 'GET', `/api/admin/members?limit=2&after=${encodeURIComponent(page.next)}`)).json();
    expect(next.members[0].email > page.members[1].email).toBe(true);
    expect((await as(support, 'GET', '/api/admin/members?state=gold')).status).toBe(400);
  });

  it('exports CSV a spreadsheet opens, guards formulas, and the export re-imports as a newsletter list with per-row errors', async () => {
    await db.insert(newsletterSubscribers).values({ email: '=cmd@example.com', isActive: true, confirmedAt: new Date() });
    const response = await as(support, 'GET', '/api/admin/members/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="members.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('email,state,amount,currency,interval,member_since,newsletter,signed_in,labels\r\n')).toBe(true);
    expect(text).toContain("\r\n'=cmd@example.com,newsletter,,,,");
    expect(text).toMatch(/\r\npaying\.reader@example\.com,past_due,,,,\d{4}-\d{2}-\d{2},confirmed,no,\r\n/);
    const lines = text.trim().split('\r\n');
    const api = await (await as(support, 'GET', '/api/admin/members?limit=1000')).json();
    expect(lines).toHaveLength(api.members.length + 1);

    // Re-import: our own export plus two bad rows and a repeat.
    const csv = `${text}not-an-email,newsletter\r\n,\r\nonly.news@example.com,newsletter\r\n`;
    expect((await as(support, 'POST', '/api/admin/members/import', { csv })).status).toBe(403);
    const preview = await (await as(owner, 'POST', '/api/admin/members/import', { csv })).json();
    const rowOf = (email: string) => preview.rows.find((r: { email: string }) => r.email === email);
    expect(rowOf('only.news@example.com')).toMatchObject({ outcome: 'already-listed' });
    expect(rowOf('friend.of.the.guide@example.com')).toMatchObject({ outcome: 'add' });
    expect(rowOf('not-an-email')).toMatchObject({ outcome: 'error', error: 'Not a valid email address.', line: lines.length + 1 });
    expect(preview.rows.filter((r: { error?: string }) => r.error === 'This address is already on an earlier row.')).toHaveLength(1);
    const adding = preview.rows.filter((r: { outcome: string }) => r.outcome === 'add').length;
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'friend.of.the.guide@example.com'))).toEqual([]);

    const done = await (await as(owner, 'POST', '/api/admin/members/import', { csv, commit: true })).json();
    expect(done.added).toBe(adding);
    const [added] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'friend.of.the.guide@example.com'));
    expect(added).toMatchObject({ isActive: false });
    expect(added!.confirmationRequestedAt).not.toBeNull();
    const bad = await as(owner, 'POST', '/api/admin/members/import', { csv: 'name\r\nx\r\n' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('The first line must name the columns, one of them "email".');
  });

  it('the pages: the list and a member page render for Support, with the subscription, the payment and the steps', async () => {
    const list = await as(support, 'GET', '/admin/members?q=paying');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('href="/admin/members/paying.reader%40example.com"');
    const member = await as(support, 'GET', '/admin/members/paying.reader%40example.com');
    expect(member.status).toBe(200);
    const page = await member.text();
    expect(page).toContain('$2.99 / month');
    expect(page).toContain('Started checkout');
    expect(page).not.toContain('Refund and end membership');
    expect((await as(support, 'GET', '/admin/members/nobody%40example.com')).status).toBe(404);
  });
});
