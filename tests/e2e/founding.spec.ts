import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { startTestServer, type TestServer } from '../support/server';
import { VIEWPORTS, expect, loadLazyContent, test, waitForIslands } from './support';

/** A site whose founding window is open, with prices unlike the defaults: every amount comes from Stripe. */
let stripe: FakeStripe;
let server: TestServer;

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: { price_test_monthly: 349, price_test_founding: 599 } });
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: 'price_test_monthly',
      STRIPE_FOUNDING_PRICE_ID: 'price_test_founding',
      FOUNDING_MEMBER_UNTIL: '2099-12-31',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SESSION_SECRET: 'e2e-founding-secret-that-is-long-enough-12345',
    },
  });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

test('the hero, /launch, the dialog, Stripe checkout and the welcome toast agree on the founding rate', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/`);
  await expect(page.locator('.hero__badge')).toHaveText(/Founding Member Rate · \$5\.99\/month, locked forever/);

  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/launch`);
    await loadLazyContent(page);
    await page.screenshot({ path: `test-results/screenshots/launch-founding-${size.width}.png`, fullPage: label === 'mobile' });
  }
  await expect(page.locator('.price-box__price')).toHaveText('$5.99/month');
  await expect(page.locator('.price-box')).toContainText('Regular price $3.49/mo applies after Dec 31, 2099.');
  await expect(page.locator('.benefit h3').last()).toHaveText('Founding Member Status');

  await waitForIslands(page);
  await page.getByRole('button', { name: 'Join as a Founding Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Become a member' });
  await expect(dialog).toContainText('Unlock every spot in Scottsdale for $5.99/month, the Founding Member Rate, locked forever for members who join by Dec 31, 2099.');
  await page.screenshot({ path: 'test-results/screenshots/dialog-founding-1280.png' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('first.founder@example.com');
  expect(consoleErrors).toEqual([]);
  await dialog.getByRole('button', { name: 'Subscribe Now' }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  await expect(page.locator('body')).toContainText('$5.99');
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  await expect(page.locator('.toast')).toContainText("You're locked in at the Founding Member Rate.");
});
