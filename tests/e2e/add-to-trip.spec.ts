import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { spots } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { expect, test, VIEWPORTS, waitForIslands } from './support';

let server: TestServer;
const spot = new Map<string, { id: number; slug: string }>();

test.beforeAll(async () => {
  server = await startTestServer();
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
});

test('a visitor with nothing saved is sent to the spots, adds a spot to their trip by keyboard once, and reads the plan when the network fails', async ({ page }) => {
  test.setTimeout(60_000);
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

  const planned = await page.request.post(`${server.url}/api/trips`, {
    headers: { origin: server.url },
    data: {
      title: 'Tuesday in Scottsdale',
      startDay: '2026-07-07',
      dayCount: 1,
      pace: 'relaxed',
      base: { label: 'Old Town', latitude: 33.4942, longitude: -111.9261 },
      items: [{ type: 'spot', id: spot.get('FnB')!.id }],
    },
  });
  expect(planned.status()).toBe(201);

  await page.goto(`${server.url}/spots/${spot.get('Hash Kitchen')!.slug}`);
  await waitForIslands(page);
  const add = page.getByRole('button', { name: 'Add Hash Kitchen to a trip' });
  expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hash Kitchen is now in “Tuesday in Scottsdale”: the plan makes room for it.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/add-to-trip-390.png' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hash Kitchen is already in “Tuesday in Scottsdale”.')).toBeVisible();

  await page.goto(`${server.url}/trips`);
  await waitForIslands(page);
  await expect(page.locator(`.trip-stop[data-key="spot:${spot.get('Hash Kitchen')!.id}"]`)).toHaveCount(1);
  await page.route('**/api/trips', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('status').filter({ hasText: 'Offline: showing the plan as last loaded.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tuesday in Scottsdale' })).toBeVisible();
  await expect(page.locator('.trip-stop')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Rearrange stops' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/trips-offline-390.png', fullPage: true });
});
