import { expect, test, waitForIslands } from './support';

test('a Love tap made before the list has hydrated is held and counted once it has', async ({ page }) => {
  // A slow phone: the listing's island code (the list's and each card's) arrives 2 s late, while its buttons are already drawn.
  let held = 0;
  await page.route(/\/_astro\/(SpotBrowser|SpotCardIsland)\.[^/]+\.js$/, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const loves: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/love') && loves.push(r.url()));
  await page.goto('/spots?sort=loved', { waitUntil: 'domcontentloaded' });
  const card = page.locator('.spot-card').nth(5);
  const before = Number(await card.locator('[data-count="loved"]').textContent());
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
  await card.getByRole('button', { name: /Love/ }).click();
  // The tap landed before hydration: it is held, and nothing was sent yet.
  await expect(card.getByRole('button', { name: /Love/ })).toHaveAttribute('aria-busy', 'true');
  expect(loves).toHaveLength(0);
  await waitForIslands(page);
  // Only the cards' code: the list's own waits for a touch on its controls.
  expect(held).toBe(1);
  await expect(card.getByRole('button', { name: /Loved/ })).toBeDisabled();
  await expect(card.locator('[data-count="loved"]')).toHaveText(String(before + 1));
  expect(loves).toHaveLength(1);
});
