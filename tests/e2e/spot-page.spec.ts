import { expect, screenshotBothWidths, test, waitForIslands } from './support';

// Spot pages count views. The three most-viewed spots (Camelback, Tom's Thumb, The Mission) lead
// /spots, whose test counts their views, so these tests open other spots.

/** A city wall-clock time (America/Phoenix is UTC−7 all year). */
const city = (local: string) => new Date(`${local}:00-07:00`);

test.describe('spot pages', () => {
  test("a spot page says whether it is open at the visitor's time, across the day", async ({ page }) => {
    // Citizen Public House: Monday 4 PM – 10 PM. 2026-11-23 is a Monday.
    await page.clock.setFixedTime(city('2026-11-23T17:30'));
    await page.goto('/spots/citizen-public-house');
    await expect(page.locator('[data-open-status]')).toHaveText('Open now · closes 10 PM');
    await page.clock.setFixedTime(city('2026-11-23T12:30'));
    await page.reload();
    await expect(page.locator('[data-open-status]')).toHaveText('Closed · opens 4 PM');
    await page.clock.setFixedTime(city('2026-11-23T23:15'));
    await page.reload();
    await expect(page.locator('[data-open-status]')).toHaveText('Closed · opens tomorrow 4 PM');
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
    await page.goto('/spots/pinnacle-peak-trail');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pinnacle Peak Trail');
    await expect(page.getByRole('heading', { name: 'Know before you go' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Insider tip' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'More nearby' })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'WebPage', mainEntity: { '@type': 'TouristAttraction', isAccessibleForFree: true, geo: { '@type': 'GeoCoordinates' } } });

    const love = page.locator('.spot-actions').getByRole('button', { name: /Love/ });
    await love.click();
    await expect(page.locator('.spot-actions').getByRole('button', { name: /Loved/ })).toBeDisabled();
    await page.locator('.spot-actions').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.spot-actions').getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await expect(page.locator('.nearby__card h3 a')).toHaveCount(3);
    for (const href of await page.locator('.nearby__card h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/spots\/[a-z0-9-]+$/);
      expect(href).not.toBe('/spots/pinnacle-peak-trail');
    }
    await screenshotBothWidths(page, '/spots/pinnacle-peak-trail', 'spot-page');
    await screenshotBothWidths(page, '/spots/citizen-public-house', 'spot-page-restaurant');
    expect(consoleErrors).toEqual([]);
  });

  test('after the free views the premium part gives way to the offer; the name and picture stay', async ({ page }) => {
    await page.goto('/spots');
    await page.evaluate(() =>
      fetch('/api/create-subscription', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'page.reader@example.com' }) }),
    );
    for (const slug of ['fnb', 'cafe-monarch', 'los-sombreros']) await page.goto(`/spots/${slug}`);
    await page.goto('/spots/citizen-public-house');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Citizen Public House');
    await expect(page.locator('.spot-page__picture img')).toBeVisible();
    await expect(page.getByRole('heading', { name: "Unlock Citizen Public House's full guide" })).toBeVisible();
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
    const rows = page.locator('.leaderboard__name a');
    await expect(rows).toHaveCount(20);
    for (const href of await rows.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/spots\/[a-z0-9-]+$/);
    const last = rows.last();
    const name = (await last.textContent())!.trim();
    await last.click();
    await expect(page).toHaveURL(/\/spots\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
