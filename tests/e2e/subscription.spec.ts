import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { subscribers } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startTestServer, type TestServer } from '../support/server';
import { expect, expectEveryCardLocked, test, waitForIslands } from './support';

/** The whole paid path against the real SDK and the Stripe-compatible fake. */
let stripe: FakeStripe;
let server: TestServer;

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: 'price_test_monthly',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-123456',
    },
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

test('free views, the lock, checkout, Welcome to Premium, unlimited views, and a cancellation locking again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const cards = page.locator('.spot-card');
  const openDetails = async (index: number) => {
    const viewed = page.waitForResponse((r) => r.url().endsWith('/view'));
    await cards.nth(index).getByRole('button', { name: 'Details' }).click();
    expect((await viewed).status()).toBe(200);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  };

  await page.goto(`${server.url}/spots`);

  await waitForIslands(page);
  await page.evaluate(() => localStorage.setItem('subscriberEmail', 'path.walker@example.com'));
  await page.reload();
  await waitForIslands(page);
  for (const i of [0, 1, 2]) await openDetails(i);
  await expectEveryCardLocked(page);

  await page.getByRole('button', { name: 'Subscribe to View' }).click();
  const dialog = page.getByRole('dialog', { name: "You've hit your free limit!" });
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(dialog.locator('.toast')).toContainText('Email required');
  await email.fill('path.walker.example.com');
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(dialog.locator('.toast')).toContainText('Invalid email');

  // No founding price is configured here: the dialog quotes the one price checkout charges.
  await expect(dialog).toContainText('Unlock every spot in Scottsdale for $2.99/month.');
  await expect(dialog).not.toContainText('Founding');
  await email.fill('path.walker@example.com');
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();

  await expect(page).toHaveURL(new RegExp(`^${server.url}/success\\?session_id=cs_test_`));
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  await expect(page.locator('.toast')).toContainText('Every spot is unlocked. Enjoy the guide.');
  for (const benefit of ['Unlimited spot views', 'Access to all categories', 'New spots added weekly', 'Priority customer support']) {
    await expect(page.getByText(benefit)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Explore All Spots' })).toHaveAttribute('href', '/spots');
  expect(await page.evaluate(() => localStorage.getItem('viewCount'))).toBe('0');

  // The link unlocks its browser once: a reload here still welcomes the subscriber (this browser
  // holds the verified subscription); the same link opened in another browser does not unlock it.
  const successUrl = page.url();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(successUrl);
  await expect(other.getByRole('heading', { name: 'Subscription Error' })).toBeVisible();
  await expect(other.getByText('This checkout link has already been used.', { exact: false })).toBeVisible();
  await elsewhere.close();
  await page.screenshot({ path: 'test-results/screenshots/success-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screenshots/success-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`${server.url}/spots`);

  await waitForIslands(page);
  await expect(page.locator('.spot-card--locked')).toHaveCount(0);
  for (const i of [3, 4, 9]) await openDetails(i);
  await expect(page.locator('.spot-card--locked')).toHaveCount(0);

  const db = openDatabase({ url: server.databaseUrl });
  const [user] = await db.select().from(subscribers).where(eq(subscribers.email, 'path.walker@example.com'));
  db.$client.close();
  await stripe.setSubscriptionStatus(user!.stripeSubscriptionId!, 'canceled');
  await page.reload();
  await waitForIslands(page);
  await expect(page.locator('.spot-card--locked').first()).toBeVisible();
  const blocked = await page.request.post(`${server.url}/api/spots/12/view`, { headers: { origin: server.url } });
  expect(blocked.status()).toBe(402);
});

test('/success without a session id shows the error state', async ({ page }) => {
  await page.goto(`${server.url}/success`);
  await expect(page.getByRole('heading', { name: 'Subscription Error' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Spots' })).toHaveAttribute('href', '/spots');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
});

test('a failed checkout start shows the server message and the button returns', async ({ page }) => {
  await page.goto(`${server.url}/spots`);
  await waitForIslands(page);
  await page.evaluate(() => {
    localStorage.setItem('subscriberEmail', 'x@example.com');
    localStorage.setItem('viewCount', '3');
  });
  await page.reload();
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Subscribe to View' }).click();
  stripe.failNextRequests(10);
  await page.route('**/api/create-subscription', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const dialog = page.getByRole('dialog', { name: "You've hit your free limit!" });
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(dialog.getByRole('button', { name: 'Redirecting to Secure Checkout...' })).toBeDisabled();
  await expect(dialog.locator('.toast')).toContainText('Subscription failed');
  await expect(dialog.locator('.toast')).toContainText('The payment provider is unavailable right now.');
  await expect(dialog.locator('.field__error')).toHaveText(/The payment provider is unavailable right now./);
  await expect(dialog.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  stripe.failNextRequests(0);
});
