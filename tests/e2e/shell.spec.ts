import { expect, screenshotBothWidths, test, VIEWPORTS } from './support';

test.describe('site shell', () => {
  test('header links of spec §2 in order, signed-out variant', async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.locator('.site-nav__links a');
    await expect(links).toHaveText(['Home', 'All Spots', 'Events', 'Stories', 'Top Spots', 'Suggest Spot', 'About']);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/', '/spots', '/events', '/blog', '/top-spots', '/suggest', '/about']);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    await expect(nav.getByRole('link', { name: 'My Account' })).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('signed-in variant greets the stored user; Sign Out clears it and goes home', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/404-check-page');
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ email: 'ana@example.com', firstName: 'Ana', name: 'Ana Ruiz' })));
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Hi, Ana')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeHidden();

    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ email: 'x@example.com', name: 'Sam Lee' })));
    await page.reload();
    await expect(nav.getByText('Hi, Sam Lee')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ email: 'x@example.com' })));
    await page.reload();
    await expect(nav.getByText('Hi, User')).toBeVisible();

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const allSpots = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Spots' });
    await expect(allSpots).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(allSpots).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(allSpots).toBeHidden();
  });

  test('footer links and copyright 2024', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveText(['Home', 'All Spots', 'About Us', 'Contact', 'Membership']);
    await expect(footer).toContainText('© 2024');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
  });

  test('unknown paths show the 404 page with the router hint', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
    expect(consoleErrors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([]);
    await screenshotBothWidths(page, '/no/such/place', 'not-found');
  });
});

test.describe('dead ends offer a next step', () => {
  test('the 404 page: a spot search started from the address, popular spots and the latest stories', async ({ page }) => {
    const response = await page.goto('/spots-guide/pinnacle-peak');
    expect(response?.status()).toBe(404);
    const search = page.getByRole('search');
    await expect(search.getByLabel('Search the spots')).toHaveValue('pinnacle peak');
    await expect(page.getByRole('heading', { name: 'Popular spots' })).toBeVisible();
    const stories = page.getByRole('region', { name: 'Latest stories' }).getByRole('link');
    await expect(stories).toHaveCount(3);
    await page.getByRole('searchbox').fill('taco');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/spots\?q=taco$/);
    await page.goto('/no/such/page');
    await screenshotBothWidths(page, '/no/such/page', 'not-found');
  });

  test('a missing story offers the same next steps under Back to Blog', async ({ page }) => {
    await page.goto('/blog/no-such-story');
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Popular spots' }).getByRole('link')).toHaveCount(3);
  });

  test('signed out, /account offers sign-in, sign-up and places to explore', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByText('Please sign in to view your account.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/sign-up');
    await expect(page.getByRole('navigation', { name: 'Keep exploring' }).getByRole('link')).toHaveText(['All Spots', 'Events', 'Stories']);
    await screenshotBothWidths(page, '/account', 'account-signed-out');
  });
});
