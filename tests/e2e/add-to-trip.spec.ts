import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { checkoutFrom } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';
import { stripeEnv } from '../support/stripe-env';
import { expect, test, VIEWPORTS, waitForIslands } from './support';

let stripe: FakeStripe;
let server: TestServer;
const spot = new Map<string, { id: number; slug: string }>();

test.beforeAll(async () => {
  stripe = await startFakeStripe({ prices: ['price_test_monthly'] });
  server = await startTestServer({ env: stripeEnv(stripe, ['price_test_monthly']) });
  stripe.setWebhookTarget(`${server.url}/api/stripe/webhook`);
  const db = openDatabase({ url: server.databaseUrl });
  for (const row of await db
    .select({ id: spots.id, name: spots.name, slug: spots.slug })
    .from(spots)
    .where(inArray(spots.name, ['FnB', 'Hash Kitchen'])))
    spot.set(row.name, row);
  db.$client.close();
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

test('with nothing saved the planner points to the spots; Add to trip asks which trip, works by keyboard, refuses a spot twice; the plan stays readable when the network fails', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const { jar } = await checkoutFrom(server, stripe, `add.${Date.now()}@example.com`, '/trips');
  await context.addCookies(
    jar
      .header()
      .split('; ')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: server.url })),
  );
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`${server.url}/trips`);
  await waitForIslands(page);
  const empty = page.locator('[data-trip-empty]');
  await expect(empty).toContainText('Start with the places you want to see');
  await expect(empty.getByRole('link', { name: 'Browse spots' })).toHaveAttribute('href', '/spots');
  await page.screenshot({ path: 'test-results/screenshots/trips-empty-390.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: 'test-results/screenshots/trips-empty-1280.png', fullPage: true });
  await page.setViewportSize(VIEWPORTS.mobile);

  for (const title of ['Tuesday in Scottsdale', 'Spring weekend']) {
    const planned = await page.request.post(`${server.url}/api/trips`, {
      headers: { origin: server.url },
      data: {
        title,
        startDay: title === 'Spring weekend' ? '2027-03-06' : '2026-07-07',
        dayCount: 1,
        pace: 'relaxed',
        base: { label: 'Old Town', latitude: 33.4942, longitude: -111.9261 },
        items: [{ type: 'spot', id: spot.get('FnB')!.id }],
      },
    });
    expect(planned.status()).toBe(201);
  }

  await page.goto(`${server.url}/spots/${spot.get('Hash Kitchen')!.slug}`);
  await waitForIslands(page);
  const add = page.getByRole('button', { name: 'Add Hash Kitchen to a trip' });
  expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await add.focus();
  await page.keyboard.press('Enter');
  const choices = page.getByRole('group', { name: 'Add Hash Kitchen to which trip?' });
  await expect(choices.getByRole('button')).toHaveText(['Spring weekend', 'Tuesday in Scottsdale', 'Cancel']);
  await page.screenshot({ path: 'test-results/screenshots/add-to-trip-choose-390.png' });
  // The first choice has the focus: Tab reaches the second.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hash Kitchen is now in “Tuesday in Scottsdale”: the plan makes room for it.')).toBeVisible();
  await expect(choices).toHaveCount(0);

  // The same spot from the Saved list: the trip already holds it.
  await page.evaluate((saved) => localStorage.setItem('savedSpots', JSON.stringify(saved)), [spot.get('Hash Kitchen')!.id]);
  await page.goto(`${server.url}/saved`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add Hash Kitchen to a trip' }).click();
  await page.getByRole('group', { name: 'Add Hash Kitchen to which trip?' }).getByRole('button', { name: 'Tuesday in Scottsdale' }).click();
  await expect(page.getByText('Hash Kitchen is already in “Tuesday in Scottsdale”.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/saved-add-to-trip-390.png', fullPage: true });

  await page.goto(`${server.url}/trips`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Tuesday in Scottsdale' }).click();
  await expect(page.locator(`.trip-stop[data-key="spot:${spot.get('Hash Kitchen')!.id}"]`)).toHaveCount(1);
  await page.route('**/api/trips', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('status').filter({ hasText: 'Offline: showing the plan as last loaded.' })).toBeVisible();
  await page.getByRole('button', { name: 'Tuesday in Scottsdale' }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday in Scottsdale' })).toBeVisible();
  await expect(page.locator('.trip-stop')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Rearrange stops' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/trips-offline-390.png', fullPage: true });
});
