import { E2E_ADMIN_PASSWORD } from './global-setup';
import { expect, screenshotBothWidths, test } from './support';

test.describe('suggest and admin', () => {
  test('a 9-character description is refused on the client and nothing is stored', async ({ page, request }) => {
    let posted = 0;
    page.on('request', (r) => r.url().endsWith('/api/suggestions') && r.method() === 'POST' && posted++);
    await page.goto('/suggest');
    await expect(page.getByRole('heading', { name: 'Suggest a Spot' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Suggestion' })).toBeEnabled();
    await page.getByLabel('Spot name').fill('Tiny Taco Window');
    await page.getByLabel('Why should locals know about it?').fill('123456789');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    await page.getByLabel('Spot name').fill('');
    await page.getByLabel('Link (optional)').fill('not a link');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByText('Spot name is required')).toBeVisible();
    await expect(page.getByText('Must be a valid URL')).toBeVisible();
    expect(posted).toBe(0);
    expect((await request.post('/api/suggestions', { data: { spotName: 'X', description: '123456789' } })).status()).toBe(400);
    await screenshotBothWidths(page, '/suggest', 'suggest');
  });

  test('a valid suggestion reaches the admin; wrong then right password; add a spot; approve and reject', async ({ page }) => {
    const stamp = Date.now();
    const approveName = `Sunrise Bagel Counter ${stamp}`;
    const rejectName = `Loud Chain Sports Bar ${stamp}`;
    await page.goto('/suggest');
    await expect(page.getByRole('button', { name: 'Submit Suggestion' })).toBeEnabled();
    for (const name of [approveName, rejectName]) {
      await page.getByLabel('Spot name').fill(name);
      await page.getByLabel('Why should locals know about it?').fill('Locals line up for this every weekend morning.');
      await page.getByLabel('Your name (optional)').fill('Ana');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/suggestions'));
      await page.getByRole('button', { name: 'Submit Suggestion' }).click();
      expect((await saved).status()).toBe(201);
      await expect(page.getByRole('status').filter({ hasText: 'Suggestion Submitted!' })).toBeVisible();
      await expect(page.getByLabel('Spot name')).toHaveValue('');
    }

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByText('Enter password to add new spots')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Authentication failed' })).toContainText('Invalid password. Please try again.');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Authentication successful' })).toContainText('Welcome to the admin panel');
    for (const area of ['Add New Spot', 'User Suggestions', 'Browse AI Event Automation']) {
      await expect(page.getByRole('heading', { name: area })).toBeVisible();
    }
    await expect(page.getByText('Recommended size: 600x400')).toBeVisible();
    await expect(page.getByText('Recommended size: 400x300')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Trigger Event Scraping' })).toBeVisible();

    const spotName = `Copper Canyon Overlook ${stamp}`;
    await page.getByLabel('Spot Name').fill(spotName);
    await page.getByLabel('Category').selectOption('hike');
    await page.getByLabel('Description').fill('A short scramble to a copper-coloured ledge above the preserve.');
    await page.getByLabel('Image URL').fill('https://images.example.com/overlook.webp');
    await page.getByLabel('Google Maps Link').fill('https://www.google.com/maps/search/?api=1&query=Copper%20Canyon');
    await page.getByLabel('Hidden Gem').check();
    await expect(page.getByLabel('Feature on the home page')).not.toBeChecked();
    // The spot page's facts: a clear message for a half-given position, then a full one.
    await page.getByLabel('One-line hook').fill('A copper ledge with the whole preserve below');
    await page.getByLabel('Neighbourhood').fill('North Scottsdale');
    await page.getByLabel('Latitude').fill('33.65');
    await page.getByRole('button', { name: 'Add Spot' }).click();
    await expect(page.getByText('Give both latitude and longitude, or neither')).toBeVisible();
    await page.getByLabel('Longitude').fill('-111.86');
    await page.getByLabel('Hours').selectOption('daily');
    await page.getByLabel('Opens').fill('06:00');
    await page.getByLabel('Closes').fill('19:00');
    await page.locator('.admin-tags', { hasText: 'Closed on' }).getByLabel('Mon').check();
    await page.getByLabel('Best time to go').fill('An hour after sunrise');
    await page.getByLabel('Parking').fill('Gateway trailhead lot');
    await page.getByLabel('What to order or bring').fill('Two liters of water');
    await page.getByLabel('Insider tip').fill('Take the left fork at the saddle for the quieter way up.');
    await page.screenshot({ path: 'test-results/screenshots/admin-add-spot-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Add Spot' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Spot added successfully' })).toContainText('The new spot will appear in the listings shortly.');
    await expect(page.getByLabel('Spot Name')).toHaveValue('');
    await expect(page.getByLabel('One-line hook')).toHaveValue('');
    const spotPage = await page.context().newPage();
    await spotPage.goto(`/spots/copper-canyon-overlook-${stamp}`);
    await expect(spotPage.getByRole('heading', { level: 1 })).toHaveText(spotName);
    await expect(spotPage.getByText('A copper ledge with the whole preserve below')).toBeVisible();
    await expect(spotPage.locator('.spot-hours__table')).toContainText('Monday');
    await expect(spotPage.locator('.spot-hours__table tr', { hasText: 'Monday' })).toContainText('Closed');
    await expect(spotPage.getByText('Take the left fork at the saddle for the quieter way up.')).toBeVisible();
    await spotPage.close();

    const review = page.locator('section.admin-card', { has: page.getByRole('heading', { name: 'User Suggestions' }) });
    const approveItem = review.locator('.suggestion', { hasText: approveName });
    const rejectItem = review.locator('.suggestion', { hasText: rejectName });
    await expect(approveItem).toContainText('Suggested by Ana');
    await approveItem.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Suggestion Approved' })).toBeVisible();
    await expect(approveItem).toHaveCount(0);
    await rejectItem.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Suggestion Rejected' })).toBeVisible();
    await expect(rejectItem).toHaveCount(0);
    const browseAi = page.locator('section.admin-card', { has: page.getByRole('heading', { name: 'Browse AI Event Automation' }) });
    await expect(browseAi).toContainText('https://www.experiencescottsdale.com/events/');
    await expect(browseAi).toContainText('100');
    await browseAi.getByRole('button', { name: 'Trigger Event Scraping' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to Trigger Browse AI' });
    await expect(failure).toContainText('Browse AI is not configured: set BROWSE_AI_API_KEY and BROWSE_AI_ROBOT_ID.');
    await page.screenshot({ path: 'test-results/screenshots/admin-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screenshots/admin-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/spots?q=${encodeURIComponent(spotName)}`);
    await expect(page.locator('.spot-card')).toHaveCount(1);
    await expect(page.locator('.spot-card__name')).toHaveText(spotName);

    // The server knows the session: the admin area again, not the gate; Sign Out ends it.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  });
});

test.describe('suggestion review in two tabs', () => {
  test('a suggestion decided elsewhere leaves the pending list with a note instead of "Please try again"', async ({ page }) => {
    const name = `Two Tab Taqueria ${Date.now()}`;
    const created = await page.request.post('/api/suggestions', {
      data: { spotName: name, description: 'Hand-pressed tortillas and a salsa bar worth the drive.', link: null, submitterName: null },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    const item = page.locator('.suggestion', { hasText: name });
    await expect(item).toBeVisible();

    // The other tab: same admin session, approves first.
    expect((await page.request.post(`/api/suggestions/${id}/approve`)).status()).toBe(200);
    await item.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Already decided' })).toContainText('This suggestion was already approved.');
    await expect(item).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Rejection Failed' })).toHaveCount(0);
  });
});
