import { expect, screenshotBothWidths, test, waitForIslands } from './support';

/** A city wall-clock time (America/Phoenix is UTC−7 all year). */
const city = (local: string) => new Date(`${local}:00-07:00`);

test.describe('spot pages', () => {
  test("a spot page says whether it is open at the visitor's time, across the day", async ({ page }) => {
    // The Mission: Monday 11 AM – 10 PM. 2026-11-23 is a Monday.
    await page.clock.setFixedTime(city('2026-11-23T12:30'));
    await page.goto('/spots/the-mission');
    await expect(page.locator('[data-open-status]')).toHaveText('Open now · closes 10 PM');
    await page.clock.setFixedTime(city('2026-11-23T23:15'));
    await page.reload();
    await expect(page.locator('[data-open-status]')).toHaveText('Closed · opens tomorrow 11 AM');
    // FnB is closed on Mondays.
    await page.clock.setFixedTime(city('2026-11-23T12:30'));
    await page.goto('/spots/fnb');
    await expect(page.locator('[data-open-status]')).toHaveText(/^Closed today · opens tomorrow/);
    // A bar open past midnight: still open at 1 AM on Saturday.
    await page.clock.setFixedTime(city('2026-11-28T01:00'));
    await page.goto('/spots/coach-house');
    await expect(page.locator('[data-open-status]')).toHaveText('Open now · closes 2 AM');
  });

  test('the page has the facts, a share button, Love and Save, and JSON-LD that parses', async ({ page, consoleErrors }) => {
    await page.goto('/spots/toms-thumb-trail');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Tom's Thumb Trail");
    await expect(page.getByRole('heading', { name: 'Know before you go' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Insider tip' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'More nearby' })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'TouristAttraction', isAccessibleForFree: false, geo: { '@type': 'GeoCoordinates' } });

    const love = page.locator('.spot-actions').getByRole('button', { name: /Love/ });
    await love.click();
    await expect(page.locator('.spot-actions').getByRole('button', { name: /Loved/ })).toBeDisabled();
    await page.locator('.spot-actions').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.spot-actions').getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('heading', { name: 'More nearby' }).scrollIntoViewIfNeeded();
    const firstNearby = page.locator('.nearby__card h3 a').first();
    const name = (await firstNearby.textContent())!.trim();
    await firstNearby.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await screenshotBothWidths(page, '/spots/toms-thumb-trail', 'spot-page');
    await screenshotBothWidths(page, '/spots/the-mission', 'spot-page-restaurant');
    expect(consoleErrors).toEqual([]);
  });

  test('after the free views the premium part gives way to the offer; the name and picture stay', async ({ page }) => {
    await page.goto('/spots');
    await page.evaluate(() =>
      fetch('/api/create-subscription', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'page.reader@example.com' }) }),
    );
    for (const slug of ['fnb', 'cafe-monarch', 'los-sombreros']) await page.goto(`/spots/${slug}`);
    await page.goto('/spots/the-mission');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Mission');
    await expect(page.locator('.spot-page__picture img')).toBeVisible();
    await expect(page.getByRole('heading', { name: "Unlock The Mission's full guide" })).toBeVisible();
    await expect(page.getByText('30-day money-back guarantee')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Know before you go' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Insider tip' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screenshots/spot-page-locked-${width}.png`, fullPage: true });
    }
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Subscribe to unlock' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('an unknown spot is the 404 page', async ({ page }) => {
    const response = await page.goto('/spots/no-such-place');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('leaderboard rows lead to spot pages', async ({ page }) => {
    await page.goto('/top-spots');
    const first = page.locator('.leaderboard__name a').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/spots\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
