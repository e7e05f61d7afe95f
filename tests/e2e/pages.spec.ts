import { expect, screenshotBothWidths, test, waitForIslands } from './support';

test.describe('home page sections', () => {
  test('every section of spec §2 Home, in order', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const headings = await page.locator('main h2').allTextContents();
    const order = ['Featured This Week', 'Weekly Gems', 'Featured Spots', 'Top Restaurants', 'Top Things to Do', 'Top 5 Spots', 'Premium Spots'];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);

    const gems = page.locator('section', { has: page.getByRole('heading', { name: 'Weekly Gems' }) });
    expect(await gems.locator('.gem--event').count()).toBeLessThanOrEqual(3);
    expect(await gems.locator('.gem--event').count()).toBeGreaterThan(0);
    await expect(gems.locator('.gem:not(.gem--event)')).toHaveCount(3);

    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Spots' }) });
    await featured.scrollIntoViewIfNeeded();
    await expect(featured.locator('.spot-card')).toHaveCount(6);
    await expect(featured.locator('.spot-card--locked')).toHaveCount(0);

    for (const name of ['Top Restaurants', 'Top Things to Do']) {
      const column = page.locator('.places-columns > div', { has: page.getByRole('heading', { name }) });
      await column.scrollIntoViewIfNeeded();
      await expect(column.locator('.place-highlight')).toHaveCount(6);
      for (const row of await column.locator('.place-highlight__tags').all()) {
        expect(await row.locator('li').count()).toBeLessThanOrEqual(2);
      }
    }
    await expect(page.getByText('Members Only - Please sign in to access Premium Spots')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A guide that actually lives here' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });

  test('home previews never lock and never count views', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('subscriberEmail', 'a@example.com');
      localStorage.setItem('viewCount', '7');
    });
    await page.reload();
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Spots' }) });
    await featured.scrollIntoViewIfNeeded();
    await expect(featured.locator('.spot-card').first()).toBeVisible();
    await expect(featured.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(featured.locator('.spot-card--locked')).toHaveCount(0);
    let viewPosts = 0;
    page.on('request', (r) => r.url().endsWith('/view') && viewPosts++);
    await featured.getByRole('button', { name: 'Details' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(viewPosts).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('viewCount'))).toBe('7');
  });

  test('signed-in visitors see the premium spots', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ firstName: 'Ana' })));
    await page.reload();
    const premium = page.locator('section', { has: page.getByRole('heading', { name: 'Premium Spots' }) });
    await premium.scrollIntoViewIfNeeded();
    await expect(premium.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(premium.locator('.spot-card')).toHaveCount(3);
    await expect(premium.locator('.spot-badge--category')).toHaveText(['Hidden Gem', 'Hidden Gem', 'Hidden Gem']);
    await expect(page.getByText('Members Only - Please sign in to access Premium Spots')).toHaveCount(0);
  });

  test('newsletter: nothing on empty email; thanks after submitting', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('.newsletter__form');
    await form.scrollIntoViewIfNeeded();
    let posts = 0;
    page.on('request', (r) => r.url().endsWith('/api/subscribe') && posts++);
    await expect(form.getByRole('button', { name: 'Join free' })).toBeEnabled();
    await form.getByRole('button', { name: 'Join free' }).click();
    await expect(form).toBeVisible();
    expect(posts).toBe(0);
    await form.getByLabel('Email address').fill('newsletter.fan@example.com');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/subscribe'));
    await form.getByRole('button', { name: 'Join free' }).click();
    expect((await response).status()).toBe(200);
    await expect(page.getByText(/Thanks for joining!/)).toBeVisible();
  });

  test('screenshots', async ({ page }) => {
    await screenshotBothWidths(page, '/', 'home');
  });
});

test.describe('/top-spots', () => {
  test('20 spots ordered by the §9 score with medals for the top 3', async ({ page, request }) => {
    const top = await (await request.get('/api/spots/top?limit=20')).json();
    await page.goto('/top-spots');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top Spots Leaderboard');
    const rows = page.locator('.leaderboard__row');
    await expect(rows).toHaveCount(20);
    await expect(rows.locator('.leaderboard__name')).toHaveText(top.map((s: { name: string }) => s.name));
    const scores = (await rows.locator('[data-score]').allTextContents()).map(Number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect((await rows.locator('[data-score]').allTextContents()).every((s) => /^\d+\.\d$/.test(s))).toBe(true);
    await expect(rows.locator('[data-medal]')).toHaveCount(3);
    for (const row of await rows.all()) {
      expect(await row.locator('.leaderboard__tags .badge:not(.badge--terracotta)').count()).toBeLessThanOrEqual(2);
    }
    await screenshotBothWidths(page, '/top-spots', 'top-spots');
  });
});

test.describe('/launch', () => {
  test('after the founding window: price box at the regular price, four benefits, stats, up to 6 featured spots; Join opens the dialog', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/launch');
    await expect(page.locator('.price-box__price')).toHaveText('$2.99/month');
    await expect(page.locator('.benefit h3')).toHaveText(['Early Access', 'Premium-Only Content', 'Weekly Updates', 'Risk-Free']);
    await expect(page.getByText(/founding/i)).toHaveCount(0);
    await expect(page.locator('.stats li')).toHaveText([/500\+\s*curated spots/, /1,000\+\s*local reviews/, /100\+\s*hidden gems/]);
    const spots = page.locator('.spot-card');
    await spots.first().scrollIntoViewIfNeeded();
    await waitForIslands(page);
    expect(await spots.count()).toBeGreaterThan(0);
    expect(await spots.count()).toBeLessThanOrEqual(6);
    await page.getByRole('button', { name: 'Become a Member' }).click();
    // Opened by choice, not by the meter: the title fits.
    await expect(page.getByRole('dialog', { name: 'Become a member' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(consoleErrors).toEqual([]);
    await screenshotBothWidths(page, '/launch', 'launch');
  });
});

test.describe('about', () => {
  test('the premium pitch says who has free views: email holders, not everyone', async ({ page }) => {
    await page.goto('/about');
    const pitch = page.locator('.about__pitch');
    await expect(pitch).toContainText('Anyone can browse the guide.');
    await expect(pitch).toContainText('Once you have given us your email address, 3 spot views are free');
    await expect(pitch).not.toContainText('Everyone gets three free spot views');
    await expect(pitch).toContainText('Membership is $2.99/month.');
    await expect(pitch.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/launch');
  });
});
