import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startTestServer, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';
import { expect, loadLazyContent, test, VIEWPORTS, waitForIslands } from './support';

let stripe: FakeStripe;
let server: TestServer;

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: stripeEnv(stripe) });
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const BANNER = "You've used your 3 free spot views";

/** A browser that has never stored anything, holding only these cookies. */
async function freshBrowserWith(browser: Browser, from: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: { cookies: await from.cookies(), origins: [] } });
  return { context, page: await context.newPage() };
}

async function screenshots(page: Page, path: string, name: string): Promise<void> {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}${path}`);
    await loadLazyContent(page);
    await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
  }
}

test('a visitor locked through the API sees the lock on /spots, the home page and a spot page in a fresh browser with the same cookies', async ({
  browser,
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const api = page.context().request;
  const post = (path: string, data?: unknown) => api.post(`${server.url}${path}`, { headers: { origin: server.url }, data });
  expect((await post('/api/create-subscription', { email: 'told.early@example.com' })).status()).toBe(200);

  // Before the meter runs out the count is told on cards and spot pages.
  const { context: early, page: before } = await freshBrowserWith(browser, page.context());
  await before.goto(`${server.url}/spots`);
  await waitForIslands(before);
  await expect(before.locator('.free-views-notice')).toContainText('3 of 3 free spots left');
  await before.goto(`${server.url}/spots/the-mission`);
  await expect(before.locator('[data-free-spots-left]')).toContainText('2 of 3 free spots left');
  // Reopening a spot already opened uses no free view.
  await screenshots(before, '/spots/the-mission', 'trust-spot-free-views-left');
  await early.close();

  const opened = (await (await api.get(`${server.url}/api/spots/by-slug/the-mission`)).json()).spot.id as number;
  const others = [1, 2, 3, 4, 5].filter((id) => id !== opened);
  for (const id of others.slice(0, 2)) expect((await post(`/api/spots/${id}/view`)).status()).toBe(200);
  expect((await post(`/api/spots/${others[2]}/view`)).status()).toBe(402);
  expect(await (await api.get(`${server.url}/api/paywall`)).json()).toEqual({ metered: true, freeViewsLeft: 0, locked: true });

  const { context, page: fresh } = await freshBrowserWith(browser, page.context());
  expect(await fresh.evaluate(() => localStorage.length).catch(() => 0)).toBe(0);

  await fresh.goto(`${server.url}/spots`);
  await waitForIslands(fresh);
  expect(await fresh.evaluate(() => localStorage.getItem('viewCount'))).toBeNull();
  await expect(fresh.getByRole('heading', { name: BANNER })).toBeVisible();
  await expect(fresh.locator('.spot-card--locked').first()).toBeVisible();
  await expect(fresh.locator('.spot-card').first().locator('.spot-badge--premium')).toHaveText('Premium');
  await fresh.locator('.spot-card').first().getByRole('button', { name: 'Details' }).click();
  await expect(fresh.getByRole('dialog', { name: "You've hit your free limit!" })).toBeVisible();
  await fresh.keyboard.press('Escape');

  await fresh.goto(`${server.url}/`);
  await waitForIslands(fresh);
  await fresh.locator('#featured-spots').scrollIntoViewIfNeeded();
  await expect(fresh.getByRole('heading', { name: BANNER })).toBeVisible();
  await expect(fresh.locator('.hero__badge')).toHaveAttribute('href', '/launch');

  await fresh.goto(`${server.url}/spots/taliesin-west`);
  await expect(fresh.getByRole('heading', { name: /Unlock Taliesin West's full guide/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  await screenshots(fresh, '/spots/taliesin-west', 'trust-spot-locked');
  await screenshots(fresh, '/spots', 'trust-spots-locked');
  await screenshots(fresh, '/', 'trust-home-locked');
  await context.close();
});

test('screenshots of the pages a reader trusts: launch, the policies, account and events', async ({ page }) => {
  test.setTimeout(60_000);
  await screenshots(page, '/launch', 'trust-launch');
  for (const path of ['/terms', '/privacy', '/refunds', '/events', '/']) await screenshots(page, path, `trust-${path.slice(1) || 'home'}`);
  await page.goto(`${server.url}/account`);
  await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ email: 'sam@example.com', name: 'Sam Lee' })));
  await screenshots(page, '/account', 'trust-account');
});

/** What Chrome fires when the app becomes installable; prompt() and userChoice are stand-ins. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(offer);
  });
}

test('the install prompt is a compact bar that steps aside for the menu, a dialog and a search', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(`${server.url}/spots`);
  await waitForIslands(page);
  const bar = page.getByRole('dialog', { name: 'Install Scottsdale Local Guide' });
  await offerInstall(page);
  await page.clock.runFor(2_900);
  await expect(bar).toBeHidden();
  await page.clock.runFor(200);
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  // A bar, not a sheet: under a sixth of the phone's screen.
  expect(box.height).toBeLessThan(VIEWPORTS.mobile.height / 6);
  await page.screenshot({ path: 'test-results/screenshots/install-bar-390.png' });
  // The islands' effects run on timers: let them.
  await page.clock.resume();

  const menu = page.getByRole('button', { name: /menu/i });
  await menu.click();
  await expect(bar).toBeHidden();
  await menu.click();
  await expect(bar).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search spots' });
  await search.fill('taco');
  await expect(bar).toBeHidden();
  await search.fill('');
  await search.blur();
  await expect(bar).toBeVisible();

  await page.locator('.spot-card').first().getByRole('button', { name: 'Details' }).click();
  await expect(page.locator('dialog[open]')).toBeVisible();
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();

  // Stepping aside is not a dismissal: Not Now still is.
  expect(await page.evaluate(() => localStorage.getItem('installPromptDismissed'))).toBeNull();
  await bar.getByRole('button', { name: 'Not Now' }).click();
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('installPromptDismissed'))).toBe('true');

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.evaluate(() => localStorage.removeItem('installPromptDismissed'));
  await page.reload();
  await offerInstall(page);
  await page.clock.runFor(3_100);
  await expect(bar).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/install-bar-1280.png' });
});

test('with the events API failing, the calendar says so and offers a retry; it never shows the sample events', async ({ page }) => {
  let failing = true;
  await page.route('**/api/events?*', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }) : route.continue(),
  );
  // A week outside what the page carries, so the calendar has to ask the API.
  await page.goto(`${server.url}/events?week=2031-01-05`);
  await waitForIslands(page);
  await expect(page.getByText("We couldn't load this week's events.")).toBeVisible();
  await expect(page.getByText('Sample events — the live calendar is updating.')).toHaveCount(0);
  await expect(page.locator('.event-card')).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No events found for this week.')).toBeVisible();
  await expect(page.getByText('Sample events — the live calendar is updating.')).toHaveCount(0);
});

test('on a server without payments the subscribe dialog offers the free newsletter instead of a server message', async ({ page, consoleErrors }) => {
  // The suite's own server has no Stripe settings.
  await page.goto('/launch');
  await waitForIslands(page);
  await page.locator('.price-box').getByRole('button', { name: 'Join Now' }).click();
  const dialog = page.locator('dialog[open]');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('no.payments@example.com');
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(dialog.getByTestId('newsletter-instead')).toHaveText(
    "Memberships aren't open yet. Until they are, get Scottsdale Weekly, our free newsletter: the week's best spots and events, every Thursday.",
  );
  await expect(dialog).not.toContainText('not configured');
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/subscribe'));
  await dialog.getByRole('button', { name: 'Join the free newsletter' }).click();
  expect((await joined).status()).toBe(200);
  await expect(dialog.getByRole('status')).toHaveText("🎉 You're in! Check your inbox to confirm your address.");
  expect(consoleErrors.filter((e) => !e.includes('503'))).toEqual([]);
});

test('a story card shows its keyboard focus ring outside the edge that clips its picture', async ({ page }) => {
  await page.goto('/blog');
  const card = page.locator('.story-card').first();
  await card.locator('.story-card__link').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(card).toHaveCSS('outline-style', 'solid');
  await expect(card).toHaveCSS('outline-offset', '2px');
  await expect(card.locator('.story-card__link')).toHaveCSS('outline-style', 'none');
});
