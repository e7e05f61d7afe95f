import { startTestServer, type TestServer } from '../support/server';
import { expect, test, VIEWPORTS } from './support';

/** A site whose database has no content yet: every list says so in the spec's words. */
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
test.afterAll(async () => server?.stop());

test('empty lists show their empty states', async ({ page }) => {
  await page.goto(`${server.url}/blog`);
  await expect(page.getByText('No stories found', { exact: true })).toBeVisible();
  await page.goto(`${server.url}/blog?category=date-night`);
  await expect(page.getByText('No stories found in the "Date Night" category.')).toBeVisible();
  await page.goto(`${server.url}/top-spots`);
  await expect(page.getByText('No spots found')).toBeVisible();
  await page.goto(`${server.url}/`);
  await expect(page.getByText("Top restaurant data will appear here as soon as it's available.")).toBeVisible();
  await expect(page.getByText("Things-to-do data will appear here as soon as it's available.")).toBeVisible();
  await expect(page.locator('.gem--event')).toHaveCount(3);
});

test('empty home lists are fetched again 2 s after they appear, once (spec §7, §9)', async ({ page }) => {
  const calls: Record<string, number[]> = { '/api/top-restaurants': [], '/api/top-activities': [] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path in calls) calls[path]!.push(Date.now());
  });
  await page.goto(`${server.url}/`);
  const restaurants = page.getByText("Top restaurant data will appear here as soon as it's available.");
  await restaurants.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island[component-url*="PlaceHighlights"]')].every((island) => !island.hasAttribute('ssr')));
  const hydrated = Date.now();
  // The short retry comes about 2 s after the lists hydrate, not at 30 s.
  await expect.poll(() => calls['/api/top-restaurants']!.length, { timeout: 6_000 }).toBe(1);
  await expect.poll(() => calls['/api/top-activities']!.length, { timeout: 6_000 }).toBe(1);
  for (const [first] of Object.values(calls)) expect(first! - hydrated).toBeGreaterThan(1_000);
  // Still empty: no second short retry; the next fetch is the 30 s one.
  await page.waitForTimeout(4_000);
  expect(Object.values(calls).map((times) => times.length)).toEqual([1, 1]);
  await expect(restaurants).toBeVisible();
});

test('home sections with nothing to show are left out or say what is coming, never a bare heading', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { name: 'Weekly Gems' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured This Week' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Featured Spots' })).toHaveCount(0);
  await expect(page.getByText('Our first picks for the week are on their way.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/home-empty-390.png', fullPage: true });
});
