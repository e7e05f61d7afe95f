import { expect, test, VIEWPORTS, waitForIslands } from './support';

const LIST_CODE = /\/_astro\/(SpotBrowser|SpotResults|SpotMapBeside)\.[^/]+\.js$/;

test.describe('/spots wakes its list at the first touch', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('on a phone the list and filter code is not loaded until the reader touches a control', async ({ page, consoleErrors }) => {
    const loaded: string[] = [];
    page.on('request', (request) => LIST_CODE.test(new URL(request.url()).pathname) && loaded.push(new URL(request.url()).pathname));
    await page.goto('/spots');
    await waitForIslands(page);
    // The cards are awake (their own small islands); the filter bar is the server's HTML.
    await expect(page.locator('.spot-card').first().getByRole('button', { name: 'Details' })).toBeVisible();
    await expect(page.locator('astro-island[client="on-interaction"][ssr]')).toHaveCount(3);
    expect(loaded).toEqual([]);
    await expect(page.locator('.spot-browser__count')).toHaveText(/^\d+ spots$/);

    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Drinks' }).click();
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Drinks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/category=drinks/);
    await expect(page.locator('.spot-browser__count')).not.toContainText('updating');
    await expect(page.locator('.spot-card .spot-badge--category')).toHaveText(Array(await page.locator('.spot-card').count()).fill('Drinks'));
    expect(loaded.some((path) => path.includes('SpotBrowser'))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('words typed into search while the filter bar is still waking are kept and searched', async ({ page }) => {
    // A slow phone: the filter bar's code is held back until the words are typed.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/SpotBrowser\.[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/spots');
    await waitForIslands(page);
    const search = page.getByRole('searchbox', { name: 'Search spots' });
    await search.fill('zzzz-no-such-spot');
    await expect(page.locator('astro-island[ssr] #spot-search')).toHaveCount(1);
    release();
    await expect(page.getByText('No spots match these filters.')).toBeVisible();
    await expect(search).toHaveValue('zzzz-no-such-spot');
    await expect(page).toHaveURL(/q=zzzz-no-such-spot/);
    await expect(page.locator('.spot-browser__count')).toHaveText('0 spots');
  });

  test("Load more, tapped before the list has woken, brings the next page under the server's cards", async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    const total = Number((await page.locator('.spot-browser__count').textContent())!.match(/^(\d+) spots$/)![1]);
    const cards = page.locator('.spot-card');
    await expect(cards).toHaveCount(24);
    const first = (await cards.first().locator('.spot-card__name').textContent())!;
    await page.getByRole('button', { name: 'Load more spots' }).click();
    await expect(cards).toHaveCount(Math.min(total, 48));
    await expect(cards.first().locator('.spot-card__name')).toHaveText(first);
    const ids = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-spot-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
