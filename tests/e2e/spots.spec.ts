import { expect, expectEveryCardLocked, loadLazyContent, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

const cards = (page: import('@playwright/test').Page) => page.locator('.spot-card');

test.describe('/spots free views', () => {
  test('with an email stored: three Details views, then one banner offers the subscription; the cards stay readable', async ({ page, consoleErrors }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    await page.evaluate(() => localStorage.setItem('subscriberEmail', 'free.viewer@example.com'));
    await page.reload();
    await waitForIslands(page);
    await expect(page.locator('.free-views-notice')).toHaveText("3 of 3 free spots left. Opening a spot you've already opened is free.");
    await expect(cards(page).first().locator('.spot-card__meter')).toHaveText('3 of 3 free spots left');

    for (let i = 0; i < 3; i++) {
      const card = cards(page).nth(i);
      const before = Number((await card.locator('.spot-card__views').textContent())!.match(/Viewed (\d+)x/)![1]);
      const counted = page.waitForResponse((r) => r.url().endsWith('/view') && r.request().method() === 'POST');
      await card.getByRole('button', { name: 'Details' }).click();
      expect((await counted).status()).toBe(200);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'View Map' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(card.locator('.spot-card__views')).toHaveText(`Viewed ${before + 1}x`);
    }
    expect(await page.evaluate(() => localStorage.getItem('viewCount'))).toBe('3');

    await expectEveryCardLocked(page);
    const first = cards(page).first();
    // One banner, not an overlay per card: names, pictures and hooks stay readable.
    await expect(page.getByRole('heading', { name: "You've used your 3 free spot views" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to View' })).toHaveCount(1);
    await expect(page.getByText('Premium Content')).toHaveCount(0);
    await expect(first.locator('.spot-badge--premium')).toHaveText('Premium');
    await expect(first.locator('.spot-card__name')).toBeVisible();
    await expect(first.locator('.spot-card__description')).not.toBeEmpty();
    await expect(first.locator('img')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/spots-locked-banner-1280.png' });

    // Details now offers the subscription instead of the spot.
    await first.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('dialog', { name: "You've hit your free limit!" })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Subscribe to View' }).click();
    const dialog = page.getByRole('dialog', { name: "You've hit your free limit!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('$2.99/month');
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('free.viewer@example.com');
    await expect(dialog.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();

    await page.reload();

    await waitForIslands(page);
    await expect(page.locator('.spot-card--locked').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the subscription dialog says what is wrong under the field and in a toast above the backdrop', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    await page.evaluate(() => {
      localStorage.setItem('subscriberEmail', 'x@example.com');
      localStorage.setItem('viewCount', '3');
    });
    await page.reload();
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Subscribe to View' }).click();
    const dialog = page.getByRole('dialog', { name: "You've hit your free limit!" });
    const email = dialog.getByRole('textbox', { name: 'Email' });

    await email.fill('');
    await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
    const toast = dialog.locator('.toast');
    await expect(toast).toContainText('Email required');
    await expect(toast).toContainText('Please enter your email address to continue.');
    await expect(dialog.locator('.field__error')).toHaveText('Please enter your email address to continue.');
    await expect(dialog.locator('.field__error')).toHaveAttribute('role', 'alert');
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    // Addresses the server refuses are refused here too, and never stored.
    for (const bad of ['no-at-sign.example.com', 'two@@example.com', 'a@b']) {
      await email.fill(bad);
      await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(toast).toContainText('Invalid email');
      await expect(dialog.locator('.field__error')).toHaveText('Please enter a valid email address.');
      expect(await page.evaluate(() => localStorage.getItem('subscriberEmail'))).toBe('x@example.com');
    }
    // The toast is drawn inside the modal, above its backdrop, and can be closed.
    await expect(toast).toBeVisible();
    await dialog.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await email.fill('');
      await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.screenshot({ path: `test-results/screenshots/subscribe-dialog-error-${width}.png` });
    }
  });

  test('without a stored email nothing ever locks', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    for (let i = 0; i < 5; i++) {
      await cards(page).nth(i).getByRole('button', { name: 'Details' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    }
    expect(await page.evaluate(() => localStorage.getItem('viewCount'))).toBe('5');
    await expect(page.locator('.spot-card--locked')).toHaveCount(0);
    await expect(page.getByText('Premium Content')).toHaveCount(0);
  });

  test('love and been-here count once, disable, and survive reload', async ({ page }) => {
    await page.goto('/spots?sort=newest');
    await waitForIslands(page);
    const card = cards(page).nth(2);
    const id = await card.getAttribute('data-spot-id');
    const love = card.getByRole('button', { name: /Love/ });
    const loves = Number(await card.locator('[data-count="loved"]').textContent());
    const visits = Number(await card.locator('[data-count="visited"]').textContent());

    await love.click();
    await expect(card.getByRole('button', { name: /Loved/ })).toBeDisabled();
    await expect(card.locator('[data-count="loved"]')).toHaveText(String(loves + 1));
    await card.getByRole('button', { name: /Been here/ }).click();
    await expect(card.getByRole('button', { name: /Been here/ })).toBeDisabled();
    await expect(card.locator('[data-count="visited"]')).toHaveText(String(visits + 1));

    await page.reload();

    await waitForIslands(page);
    const again = page.locator(`.spot-card[data-spot-id="${id}"]`);
    await expect(again.getByRole('button', { name: /Loved/ })).toBeDisabled();
    await expect(again.getByRole('button', { name: /Been here/ })).toBeDisabled();
    await expect(again.locator('[data-count="loved"]')).toHaveText(String(loves + 1));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('lovedSpots') ?? '[]'))).toContain(Number(id));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('visitedSpots') ?? '[]'))).toContain(Number(id));
  });

  test('filters live in the URL and survive reload', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Hike' }).click();
    // Tags live behind Show Filters, as on the restaurant and activity tabs.
    await expect(page.getByRole('group', { name: 'Tags' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Local Favorite' }).click();
    await expect(page.getByRole('button', { name: /Hide Filters/ })).toContainText('1');
    await page.getByLabel('Sort by').selectOption('loved');
    await expect(page).toHaveURL(/category=hike/);
    await expect(page).toHaveURL(/tag=Local\+Favorite/);
    await expect(page).toHaveURL(/sort=loved/);
    await expect(page.locator('.spot-browser__count')).not.toContainText('updating');
    await expect(cards(page).locator('.spot-badge--category').first()).toHaveText('Hike');
    const count = await page.locator('.spot-browser__count').textContent();
    await expect(cards(page).locator('.spot-badge--category')).toHaveText(Array(await cards(page).count()).fill('Hike'));

    await page.reload();

    await waitForIslands(page);
    // A link with tags opens with the panel showing them.
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Hike' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Local Favorite' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Sort by')).toHaveValue('loved');
    await expect(page.locator('.spot-browser__count')).toHaveText(count!);

    await page.getByRole('searchbox', { name: 'Search spots' }).fill('zzzz-no-such-spot');
    await expect(page.getByText('No spots match these filters.')).toBeVisible();
    await expect(page).toHaveURL(/q=zzzz-no-such-spot/);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/spots$/);
    await expect(page.locator('.spot-browser__count')).toHaveText(/^\d+ spots$/);
  });

  test('the server renders the first page of a filtered URL as HTML', async ({ request }) => {
    const html = await (await request.get('/spots?category=drinks')).text();
    expect(html).toContain('spot-card');
    expect(html).not.toContain('>Hike</span>');
  });

  test('screenshots', async ({ page }) => {
    await screenshotBothWidths(page, '/spots', 'spots');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.evaluate(() => {
      localStorage.setItem('subscriberEmail', 'shot@example.com');
      localStorage.setItem('viewCount', '3');
    });
    await page.goto('/spots');
    await waitForIslands(page);
    await loadLazyContent(page);
    await page.screenshot({ path: 'test-results/screenshots/spots-locked-390.png' });
  });
});

test.describe('Details dialog on a phone', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('the picture keeps a wide shape and View Map is on the first screen', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    await cards(page).first().getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const image = await dialog.locator('.spot-detail__image').boundingBox();
    expect(image!.width / image!.height).toBeGreaterThan(1.4);
    const viewMap = await dialog.getByRole('link', { name: 'View Map' }).boundingBox();
    expect(viewMap!.y + viewMap!.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    await page.screenshot({ path: 'test-results/screenshots/spot-details-390.png' });
  });
});

test.describe('the filter bar at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same bar on all three tabs, in reach while the list scrolls; the heading names the tab', async ({ page }) => {
    for (const [path, heading] of [
      ['/spots', 'All Spots'],
      ['/spots?tab=restaurants', 'Restaurants'],
      ['/spots?tab=activities', 'Things to Do'],
    ] as const) {
      await page.goto(path);
      await waitForIslands(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const bar = page.locator('.filters');
      for (const control of [bar.getByRole('searchbox'), bar.getByLabel('Sort by'), bar.getByRole('button', { name: 'Show Filters' })])
        await expect(control).toBeVisible();
      await expect(bar.locator('.filters__quick .chip').first()).toHaveText('All');
      // Scrolled well into the list, the bar sits just under the site header.
      await page.mouse.wheel(0, 2400);
      await expect.poll(async () => (await bar.boundingBox())!.y).toBeLessThan(80);
      await expect(bar.getByRole('searchbox')).toBeInViewport();
      await page.screenshot({ path: `test-results/screenshots/filter-bar-${path.includes('tab=') ? path.split('=')[1] : 'spots'}-390.png` });
    }
  });
});
