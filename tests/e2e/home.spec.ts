import { expect, test } from './support';

test.describe('home page (data-backed)', () => {
  test('renders the seeded stories, featured spots and the top 5 without console errors', async ({ page, request, consoleErrors }) => {
    const [featuredSpots, top5, posts] = await Promise.all([
      (await request.get('/api/spots/featured')).json(),
      (await request.get('/api/spots/top?limit=5')).json(),
      (await request.get('/api/blog')).json(),
    ]);
    await page.goto('/');

    // The default founding window closed at the end of Dec 31, 2025: the hero quotes the regular price.
    await expect(page.locator('.hero__badge')).toHaveText(/Every spot, unlocked · \$2\.99\/month/);
    await expect(page.getByText(/founding/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Explore All Spots' })).toHaveAttribute('href', '/spots');

    const stories = page.locator('section', { has: page.getByRole('heading', { name: 'Featured This Week' }) });
    const storyLinks = stories.locator('article a');
    await expect(storyLinks).toHaveCount(2);
    for (const href of await storyLinks.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    }
    expect(posts.length).toBeGreaterThan(2);
    await expect(stories.getByRole('link', { name: 'View All Stories' })).toHaveAttribute('href', '/blog');

    const spots = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Spots' }) });
    await spots.scrollIntoViewIfNeeded();
    await expect(spots.locator('article')).toHaveCount(Math.min(6, featuredSpots.length));

    const rows = page.locator('.leaderboard__row');
    await expect(rows).toHaveCount(5);
    await expect(rows.locator('.leaderboard__name')).toHaveText(top5.map((s: { name: string }) => s.name));
    await expect(rows.locator('[data-score]')).toHaveText(top5.map((s: { score: number }) => s.score.toFixed(1)));
    await expect(rows.locator('.leaderboard__rank[data-medal]')).toHaveCount(3);
    await expect(rows.nth(0).locator('.leaderboard__rank')).toHaveAttribute('data-medal', 'gold');
    await expect(rows.nth(2).locator('.leaderboard__rank')).toHaveAttribute('data-medal', 'bronze');
    await expect(rows.nth(3).locator('.leaderboard__rank')).not.toHaveAttribute('data-medal');
    await expect(rows.nth(3).locator('.leaderboard__rank > [aria-hidden="true"]')).toHaveText('4');
    await expect(rows.nth(3).locator('.leaderboard__rank > .visually-hidden')).toHaveText('Rank 4');

    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
});
