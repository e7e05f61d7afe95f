import { expect, screenshotBothWidths, test, waitForIslands } from './support';

/** The first spot card on /spots and its name. */
async function firstCard(page: import('@playwright/test').Page) {
  await page.goto('/spots');
  await waitForIslands(page);
  const card = page.locator('.spot-card').first();
  const name = (await card.locator('.spot-card__name').textContent())!.trim();
  return { card, name };
}

test.describe('saved lists', () => {
  test('an anonymous visitor saves in the browser; signing in moves the list to the server', async ({ page, consoleErrors }) => {
    const { card, name } = await firstCard(page);
    const save = card.getByRole('button', { name: `Save ${name}` });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(card.getByRole('button', { name: `Remove ${name} from your saved spots` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Saved to your list')).toBeVisible();
    const localIds = await page.evaluate(() => JSON.parse(localStorage.getItem('savedSpots') ?? '[]') as number[]);
    expect(localIds).toHaveLength(1);

    await page.goto('/saved');
    await expect(page.getByRole('heading', { name: 'Saved Spots', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Saved spots' });
    await expect(list.getByRole('link', { name })).toBeVisible();
    await expect(page.getByText('Saved in this browser.')).toBeVisible();
    await screenshotBothWidths(page, '/saved', 'saved-browser');

    await page.goto('/sign-in');
    await waitForIslands(page);
    await page.getByLabel('Email').fill('saved.merge@example.com');
    await page.getByLabel('Password').fill('anything');
    // Every card on the page shares the saved list: the browser's list is sent once, not once per card.
    const merges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/saved') merges.push(request.url());
    });
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
    await page.locator('.auth-form').getByRole('button', { name: 'Sign In' }).click();
    expect((await signedIn).status()).toBe(200);
    await page.waitForURL(/\/$/);
    // /spots has a Save button on every card.
    await page.goto('/spots');
    await waitForIslands(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('savedSpots'))).toBeNull();
    await page.waitForLoadState('networkidle');
    expect(merges).toHaveLength(1);

    await page.goto('/saved');
    await expect(page.getByRole('list', { name: 'Saved spots' }).getByRole('link', { name })).toBeVisible();
    await expect(page.getByText('Saved in this browser.')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('savedSpots'))).toBeNull();
    const server = await page.evaluate(async () => (await (await fetch('/api/saved')).json()) as { signedIn: boolean; spots: { id: number }[] });
    expect(server).toMatchObject({ signedIn: true, spots: [{ id: localIds[0] }] });

    // The account page shows the list too; removing a spot there empties it.
    await page.goto('/account');
    const saved = page.locator('section', { has: page.getByRole('heading', { name: 'Saved spots' }) });
    await expect(saved.getByRole('link', { name })).toBeVisible();
    await saved.getByRole('button', { name: `Remove ${name} from your saved spots` }).click();
    await expect(saved.getByText('No saved spots yet.')).toBeVisible();
    await screenshotBothWidths(page, '/account', 'account-saved-empty');
    expect(consoleErrors).toEqual([]);
  });

  test('a locked visitor can still save; the list shows the name and picture', async ({ page }) => {
    await page.goto('/spots');
    await page.evaluate(() => {
      localStorage.setItem('subscriberEmail', 'locked.visitor@example.com');
      localStorage.setItem('viewCount', '3');
    });
    await page.reload();
    await waitForIslands(page);
    const card = page.locator('.spot-card--locked').first();
    await expect(page.getByRole('heading', { name: "You've used your 3 free spot views" })).toBeVisible();
    const name = (await card.locator('.spot-card__name').textContent())!.trim();
    await card.getByRole('button', { name: `Save ${name}` }).click();
    await expect(card.getByRole('button', { name: `Remove ${name} from your saved spots` })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/saved-locked-card-1280.png' });

    await page.goto('/saved');
    const tile = page.locator('.saved-tile').first();
    await expect(tile.getByRole('link', { name })).toBeVisible();
    await expect(tile.locator('img')).toHaveAttribute('src', /\S/);
    expect(await tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the saved page with nothing saved says how to save', async ({ page }) => {
    await page.goto('/saved');
    await expect(page.getByText('No saved spots yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse spots' })).toHaveAttribute('href', '/spots');
  });
});
