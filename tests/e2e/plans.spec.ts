import { mkdirSync } from 'node:fs';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots, subscribers } from '../../db/schema';
import type { Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startTestServer, type TestServer } from '../support/server';
import { staffWithSession } from '../support/staff-session';
import { serverClock } from '../support/clock';
import { VIEWPORTS, expect, loadLazyContent, test, waitForIslands } from './support';

/** A site with a monthly and a yearly price, through the real SDK and the Stripe-compatible fake; its clock is injected. */
let stripe: FakeStripe;
let server: TestServer;
const clock = serverClock();

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { price_test_monthly: 299, price_test_yearly: { amount: 2990, interval: 'year' } } });
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: 'price_test_monthly',
      STRIPE_YEARLY_PRICE_ID: 'price_test_yearly',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SESSION_SECRET: 'e2e-plans-secret-that-is-long-enough-1234567',
      ...clock.env,
    },
    nodeArgs: clock.nodeArgs,
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  mkdirSync('test-results/screenshots', { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
  clock.dispose();
});

async function shoot(page: Page, path: string, name: string) {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}${path}`);
    await loadLazyContent(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
  }
}

const planOf = async (page: Page) => (await page.request.get(`${server.url}/api/account/plan`)).json();

test('a reader takes the yearly plan; another redeems a 50%-for-3-months offer from its link; a gift bought in one browser is redeemed in another', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // 1. The yearly plan, chosen in the subscribe dialog (the spec's texts stay as they are).
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/launch`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Become a Member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Become a member' });
    await expect(dialog).toContainText('Unlock every spot in Scottsdale for $2.99/month.');
    await expect(dialog.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Yearly/ })).toHaveAccessibleName(/Yearly \$29\.90\/year Save 16%/);
    await page.screenshot({ path: `test-results/screenshots/dialog-plans-${size.width}.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  await page.getByRole('button', { name: 'Become a Member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Become a member' });
  await dialog.getByRole('radio', { name: /Yearly/ }).check();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('yearly.reader@example.com');
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByTestId('amount')).toHaveText('$29.90 per year');
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  expect(await planOf(page)).toEqual({ plan: 'yearly', until: null });

  // 2. An Editor's offer, redeemed from its own page in another browser.
  const { token } = await staffWithSession(server.databaseUrl, { name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' });
  const made = await fetch(`${server.url}/api/admin/offers`, {
    method: 'POST',
    headers: { origin: server.url, cookie: `admin_session=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      code: 'HALF3',
      name: 'Half price for the season',
      kind: 'percent',
      percentOff: 50,
      duration: 'repeating',
      durationMonths: 3,
      startsOn: '2026-01-01',
      endsOn: '2099-12-31',
    }),
  });
  expect(made.status).toBe(201);
  const desk = await (await browser.newContext()).newPage();
  await desk.context().addCookies([{ name: 'admin_session', value: token, url: server.url, httpOnly: true, sameSite: 'Strict' }]);
  await shoot(desk, '/admin/offers', 'admin-offers');
  await expect(desk.locator('tr[data-offer="HALF3"]')).toContainText('50% off for 3 months');
  const offerReader = await (await browser.newContext()).newPage();
  await shoot(offerReader, '/offer/HALF3', 'offer-page');
  await expect(offerReader.getByTestId('offer-deal')).toHaveText('50% off for 3 months, then $2.99/month');
  await waitForIslands(offerReader);
  await offerReader.getByRole('textbox', { name: 'Email' }).fill('half.price@example.com');
  await offerReader.getByRole('button', { name: 'Claim this offer' }).click();
  await expect(offerReader.getByTestId('discount')).toHaveText('$2.99 before a discount of $1.50');
  await offerReader.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(offerReader.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  expect(await planOf(offerReader)).toEqual({ plan: 'monthly', until: null });

  // 3. A gift bought in one browser, redeemed in another.
  const giver = await (await browser.newContext()).newPage();
  await shoot(giver, '/gift', 'gift-buy');
  await waitForIslands(giver);
  await giver.getByRole('radio', { name: /3 months/ }).check();
  await giver.getByRole('textbox', { name: 'Their email' }).fill('new.in.town@example.com');
  await giver.getByRole('textbox', { name: 'Your email' }).fill('old.friend@example.com');
  await giver.getByRole('button', { name: 'Buy the gift' }).click();
  await expect(giver.getByTestId('amount')).toHaveText('$8.97 once');
  await giver.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(giver.getByRole('heading', { name: 'Thank you for your gift' })).toBeVisible();
  const link = (await giver.getByTestId('gift-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${server.url}/gift/\\d+\\.[A-Za-z0-9_-]{43}$`));
  for (const size of Object.values(VIEWPORTS)) {
    await giver.setViewportSize(size);
    await giver.screenshot({ path: `test-results/screenshots/gift-sent-${size.width}.png`, fullPage: true });
  }
  const friend = await (await browser.newContext()).newPage();
  await shoot(friend, new URL(link).pathname, 'gift-redeem');
  await waitForIslands(friend);
  await friend.getByRole('button', { name: 'Redeem my gift' }).click();
  await expect(friend.getByTestId('gift-redeemed')).toContainText('Welcome to Premium!');
  await friend.screenshot({ path: 'test-results/screenshots/gift-redeemed-1280.png', fullPage: true });
  expect((await planOf(friend)).plan).toBe('gift');
  expect(await planOf(giver)).toEqual({ plan: null, until: null });
});

test('a reader starts a 7-day trial from its offer link: nothing charged today, every spot unlocked', async ({ browser }) => {
  const { token } = await staffWithSession(server.databaseUrl, { name: 'Tess Editor', email: 'tess@example.com', role: 'editor' });
  const made = await fetch(`${server.url}/api/admin/offers`, {
    method: 'POST',
    headers: { origin: server.url, cookie: `admin_session=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'WEEKFREE', name: 'A free week', kind: 'trial', trialDays: 7, startsOn: '2026-01-01', endsOn: '2099-12-31' }),
  });
  expect(made.status).toBe(201);
  const reader = await (await browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
  await reader.goto(`${server.url}/offer/WEEKFREE`);
  await expect(reader.getByTestId('offer-deal')).toHaveText('7 days free, then $2.99/month');
  await waitForIslands(reader);
  await reader.getByRole('textbox', { name: 'Email' }).fill('free.week@example.com');
  await reader.getByRole('button', { name: 'Start my free trial' }).click();
  await reader.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(reader.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  expect(await planOf(reader)).toEqual({ plan: 'monthly', until: null });
  await stripe.settled();
  const db = openDatabase({ url: server.databaseUrl });
  const [row] = await db.select().from(subscribers).where(eq(subscribers.offerCode, 'WEEKFREE'));
  db.$client.close();
  expect(row).toMatchObject({ email: 'free.week@example.com', stripeStatus: 'trialing', subscriptionStatus: 'active' });
  expect(stripe.invoice(stripe.subscription(row!.stripeSubscriptionId!).latest_invoice!).amount_paid).toBe(0);
});

test('a gift bought in one browser unlocks a locked spot page in another for exactly its month, then locks it again (clock moved)', async ({ browser }) => {
  test.setTimeout(60_000);
  const db = openDatabase({ url: server.databaseUrl });
  const slugs = (
    await db
      .select({ slug: spots.slug })
      .from(spots)
      .where(and(isNull(spots.archivedAt), eq(spots.draft, 0)))
      .orderBy(asc(spots.id))
      .limit(5)
  ).map((row) => row.slug);
  db.$client.close();
  const friend = await (await browser.newContext({ viewport: VIEWPORTS.mobile })).newPage();
  const offerHeading = friend.getByRole('heading', { name: /^Unlock .*'s full guide$/ });
  const open = async (slug: string) => {
    await friend.goto(`${server.url}/spots/${slug}`);
    await expect(friend.getByRole('heading', { level: 1 })).toBeVisible();
  };
  // A reader who gave their email (a checkout started, not paid) has 3 free spot views; the fourth spot's page is locked.
  const started = await friend.request.post(`${server.url}/api/create-subscription`, { headers: { origin: server.url }, data: { email: 'one.month@example.com' } });
  expect(started.status()).toBe(200);
  for (const slug of slugs.slice(0, 3)) {
    await open(slug);
    await expect(offerHeading).toHaveCount(0);
  }
  await open(slugs[3]!);
  await expect(offerHeading).toBeVisible();

  const giver = await (await browser.newContext()).newPage();
  await giver.goto(`${server.url}/gift`);
  await waitForIslands(giver);
  await giver.getByRole('radio', { name: /1 month/ }).check();
  await giver.getByRole('textbox', { name: 'Their email' }).fill('one.month@example.com');
  await giver.getByRole('textbox', { name: 'Your email' }).fill('the.giver@example.com');
  await giver.getByRole('button', { name: 'Buy the gift' }).click();
  await expect(giver.getByTestId('amount')).toHaveText('$2.99 once');
  await giver.getByRole('button', { name: 'Pay', exact: true }).click();
  const link = (await giver.getByTestId('gift-link').textContent())!.trim();

  await friend.goto(link);
  await waitForIslands(friend);
  await friend.getByRole('button', { name: 'Redeem my gift' }).click();
  await expect(friend.getByTestId('gift-redeemed')).toContainText('Welcome to Premium!');
  const { plan, until } = await planOf(friend);
  expect(plan).toBe('gift');
  const end = Date.parse(until);
  const expected = clock.now();
  expected.setUTCMonth(expected.getUTCMonth() + 1);
  expect(Math.abs(end - expected.getTime())).toBeLessThan(60_000);
  await open(slugs[3]!);
  await expect(offerHeading).toHaveCount(0);

  // A day before the month is over the browser is still a member; a day after, a spot it never opened is locked again.
  clock.advance(end - clock.now().getTime() - 86_400_000);
  expect((await planOf(friend)).plan).toBe('gift');
  clock.advance(2 * 86_400_000);
  expect(await planOf(friend)).toEqual({ plan: null, until: null });
  await open(slugs[4]!);
  await expect(offerHeading).toBeVisible();
});
