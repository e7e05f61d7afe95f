import type { BrowserContext, Page } from '@playwright/test';
import { openDatabase } from '../../db/client';
import { funnelEvents, subscribers, subscriptionPayments } from '../../db/schema';
import { staffWithSession } from '../support/staff-session';
import { expect, loadLazyContent, test, VIEWPORTS } from './support';

async function signInAsOwner(context: BrowserContext) {
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, { name: 'Olive Owner', email: `olive.${Date.now()}@example.com`, role: 'owner' });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

test('the Members pages at 390 px and 1280 px: the list, a member with a payment and the way they came, the revenue figures', async ({ page, context }) => {
  const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
  const email = `screenshot.member.${Date.now()}@example.com`;
  const now = Date.now();
  const subscription = `sub_e2e${now}`;
  await db.insert(subscribers).values({
    email,
    stripeCustomerId: `cus_e2e${now}`,
    stripeSubscriptionId: subscription,
    subscriptionStatus: 'active',
    stripeStatus: 'active',
    priceId: 'price_test_monthly',
    amount: 299,
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    startedAt: new Date(now - 3_600_000),
    sourceKind: 'spot',
    sourceId: 'the-mission',
  });
  await db
    .insert(subscriptionPayments)
    .values({ invoiceId: `in_e2e${now}`, stripeSubscriptionId: subscription, amountPaid: 299, currency: 'usd', paidAt: new Date(now - 3_600_000) });
  await db.insert(funnelEvents).values([
    { kind: 'limit_reached', sessionId: `s${now}`, sourceKind: 'spot', sourceId: 'the-mission', createdAt: new Date(now - 4_000_000) },
    { kind: 'checkout_started', sessionId: `s${now}`, sourceKind: 'spot', sourceId: 'the-mission', createdAt: new Date(now - 3_900_000) },
    { kind: 'paid', sessionId: `s${now}`, sourceKind: 'spot', sourceId: 'the-mission', stripeSubscriptionId: subscription, createdAt: new Date(now - 3_600_000) },
  ]);
  db.$client.close();
  await signInAsOwner(context);
  for (const [path, name] of [
    ['/admin/members', 'members-list'],
    [`/admin/members/${encodeURIComponent(email)}`, 'member-page'],
    ['/admin/members/revenue', 'members-revenue'],
  ] as const) {
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await loadLazyContent(page);
      await noHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
    }
  }
  await page.goto(`/admin/members/${encodeURIComponent(email)}`);
  await expect(page.getByRole('button', { name: 'Refund and end membership' })).toBeVisible();
  await expect(page.getByText('Started checkout on spot the-mission')).toBeVisible();
});

test('Support labels a member on their page, and the revenue charts draw a year at 390 px and 1280 px', async ({ page, context, consoleErrors }) => {
  const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
  const now = Date.now();
  const email = `labelled.member.${now}@example.com`;
  // A year of subscriptions, so every chart has a shape: two a week, one in four ending later.
  await db.insert(subscribers).values(
    Array.from({ length: 100 }, (_, i) => {
      const startedAt = now - 360 * 86_400_000 + i * 3.5 * 86_400_000;
      const endedAt = i % 4 === 0 && startedAt + 40 * 86_400_000 < now ? new Date(startedAt + 40 * 86_400_000) : null;
      return {
        email: i === 0 ? email : `year.${now}.${i}@example.com`,
        stripeCustomerId: `cus_year${now}${i}`,
        stripeSubscriptionId: `sub_year${now}${i}`,
        subscriptionStatus: endedAt ? 'canceled' : 'active',
        stripeStatus: endedAt ? 'canceled' : 'active',
        amount: i % 5 === 0 ? 2990 : 299,
        currency: 'usd',
        interval: i % 5 === 0 ? ('year' as const) : ('month' as const),
        intervalCount: 1,
        startedAt: new Date(startedAt),
        endedAt,
      };
    }),
  );
  db.$client.close();
  const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, { name: 'Sam Support', email: `sam.${now}@example.com`, role: 'support' });
  await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);

  await page.goto(`/admin/members/${encodeURIComponent(email)}`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  const field = page.getByLabel('Add a label');
  for (const label of ['Press', 'Local business', 'Friend of the guide']) {
    await field.fill(label);
    await page.getByRole('button', { name: 'Add label' }).click();
    await expect(page.getByRole('button', { name: `Remove label ${label.toLowerCase()}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Remove label local business' }).click();
  await expect(page.getByRole('button', { name: 'Remove label local business' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Labels' }).getByRole('listitem')).toHaveText(['friend of the guide×', 'press×']);

  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`/admin/members/${encodeURIComponent(email)}`);
    await expect(page.getByRole('list', { name: 'Labels' }).getByRole('listitem')).toHaveCount(2);
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/member-labels-${size.width}.png`, fullPage: true });

    await page.goto('/admin/members/revenue?range=12m');
    await expect(page.locator('[data-chart][data-drawn="true"]')).toHaveCount(4);
    await expect(page.locator('[data-chart] canvas')).toHaveCount(4);
    await noHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/members-revenue-charts-${size.width}.png`, fullPage: true });
  }
  await page.goto('/admin/members?label=press');
  await expect(page.getByRole('link', { name: email })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
