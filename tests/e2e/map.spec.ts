import type { Page } from '@playwright/test';
import { LOCATION_REFUSED } from '../../src/components/map/use-near-me';
import { VIEWPORTS, expect, test, waitForIslands } from './support';

/** Old Town Scottsdale, by the Civic Center. */
const OLD_TOWN = { latitude: 33.4936, longitude: -111.9264 };

/** Pins plus the places inside clusters: every point is on the map once. */
async function pointsOnMap(page: Page): Promise<number> {
  const pins = await page.locator('.place-map [data-marker-id]').count();
  const clustered = await page
    .locator('.place-map [data-cluster-count]')
    .evaluateAll((els) => els.reduce((sum, el) => sum + Number(el.getAttribute('data-cluster-count')), 0));
  return pins + clustered;
}

test.describe('the map', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('at 390 px: switch to the map, every matching spot is on it, a filter changes the pins, a pin opens its card and the spot page', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const all = (await (await request.get('/api/spots/map')).json()).markers as { slug: string; name: string }[];
    await page.goto('/spots');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=map/);
    const map = page.getByRole('region', { name: `Map of ${all.length} spots` });
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
    await expect.poll(() => pointsOnMap(page)).toBe(all.length);
    await map.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/spots-map-390.png', fullPage: true });

    const events = (await (await request.get('/api/spots/map?category=event')).json()).markers as { slug: string; name: string }[];
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Event' }).click();
    await expect(page.getByRole('region', { name: `Map of ${events.length} spots` })).toBeVisible();
    await expect.poll(() => pointsOnMap(page)).toBe(events.length);

    // Zoom into clusters until a pin stands alone, then open it from the keyboard.
    for (let i = 0; i < 6 && (await page.locator('.place-map [data-marker-id]').count()) === 0; i++) {
      await page.locator('.place-map [data-cluster-count]').first().click();
      await page.waitForTimeout(400);
    }
    const pin = page.locator('.place-map [data-marker-id]').first();
    const name = await pin.getAttribute('aria-label');
    await pin.focus();
    await page.keyboard.press('Enter');
    const cardLink = page.locator('.map-card__name');
    await expect(cardLink).toHaveText(name!);
    const spot = events.find((e) => e.name === name)!;
    await expect(cardLink).toHaveAttribute('href', `/spots/${spot.slug}`);
    await page.locator('.place-map').screenshot({ path: 'test-results/screenshots/spots-map-card-390.png' });
    await cardLink.click();
    await expect(page).toHaveURL(new RegExp(`/spots/${spot.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
    expect(consoleErrors).toEqual([]);
  });

  test('the map code loads only when the map is shown, and ?view=map opens it directly', async ({ page, consoleErrors }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/spots');
    await waitForIslands(page);
    expect(scripts.filter((url) => url.includes('PlaceMap'))).toEqual([]);
    await page.goto('/spots?tab=activities&view=map');
    await expect(page.getByRole('region', { name: /^Map of \d+ activities$/ })).toBeVisible();
    expect(scripts.filter((url) => url.includes('PlaceMap')).length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.place-map [data-marker-id], .place-map [data-cluster-count]').first()).toBeVisible();
    // Opened straight from the URL: no inline script for the CSP to block, no hydration error.
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('open now', () => {
  test('restaurants open at an injected Monday noon and late evening, in city time', async ({ page }) => {
    // 2026-11-23 is a Monday: FnB is closed all day; The Mission opens at 11 AM and closes at 10 PM.
    await page.clock.setFixedTime(new Date('2026-11-23T12:30:00-07:00'));
    await page.goto('/spots?tab=restaurants');
    await waitForIslands(page);
    const names = page.locator('.place-card__name');
    await expect(names.filter({ hasText: 'FnB' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Open now' }).click();
    await expect(names.filter({ hasText: 'FnB' })).toHaveCount(0);
    await expect(names.filter({ hasText: 'The Mission' })).toHaveCount(1);
    for (const status of await page.locator('.place-card__opening').allTextContents()) expect(status).toMatch(/^Open/);
    await page.clock.setFixedTime(new Date('2026-11-23T23:30:00-07:00'));
    await page.reload();
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Open now' }).click();
    await expect(names.filter({ hasText: 'The Mission' })).toHaveCount(0);
  });

  test('spot cards say whether each spot is open now', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-23T12:30:00-07:00'));
    await page.goto('/spots?category=hike');
    await waitForIslands(page);
    // Trailheads keep sunrise-to-sunset hours: open at half past noon.
    await expect(page.locator('.spot-card__open').first()).toHaveText(/^Open now · closes/);
  });
});

test.describe('near me', () => {
  test('granted: spots and restaurants are sorted by distance in miles; nothing is sent to the server', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.mobile, geolocation: OLD_TOWN, permissions: ['geolocation'] });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
    await page.goto('/spots');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
    const distances = page.locator('.spot-card .distance');
    await expect(distances.first()).toHaveText(/^\d+(\.\d)? mi away$/);
    // Every match, not only the first page the server sent (the list draws them all once it has read them).
    await expect.poll(() => distances.count()).toBeGreaterThan(24);
    const miles = (await distances.allTextContents()).map((t) => Number.parseFloat(t));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(1);
    await page.screenshot({ path: 'test-results/screenshots/spots-near-me-390.png' });

    await page.goto('/spots?tab=restaurants');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    const placeMiles = (await page.locator('.place-card .distance').allTextContents()).map((t) => Number.parseFloat(t));
    expect(placeMiles.length).toBeGreaterThan(0);
    expect(placeMiles).toEqual([...placeMiles].sort((a, b) => a - b));
    expect(sent.filter((line) => line.includes('33.49') || line.includes('-111.92'))).toEqual([]);
    await context.close();
  });

  test('refused: a clear message, and the list stays as it was', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.mobile, permissions: [] });
    const page = await context.newPage();
    await page.goto('/spots');
    await waitForIslands(page);
    const first = await page.locator('.spot-card__name').first().textContent();
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('alert').filter({ hasText: LOCATION_REFUSED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.spot-card__name').first()).toHaveText(first!);
    await context.close();
  });
});
