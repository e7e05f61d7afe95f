import { startTestServer, type TestServer } from '../support/server';
import { expect, test } from './support';

const PASSWORD = 'session-admin-password-paloverde';

// A server of its own: signing out of every device would end the other admin specs' sessions.
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => server?.stop());

test('a reload keeps the admin panel; Sign Out (from the keyboard) returns to the gate, and a reload stays there', async ({ page }) => {
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toHaveCount(0);

  const signOut = page.getByRole('button', { name: 'Sign Out', exact: true });
  await expect(signOut).toBeEnabled();
  await signOut.focus();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth') && r.request().method() === 'DELETE');
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toContainText('Your admin session has ended.');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByText('Enter password to add new spots')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/suggestions/pending`)).status()).toBe(401);
});

test('Sign out of every device ends the session another browser holds', async ({ page, browser }) => {
  const other = await browser.newContext();
  try {
    for (const tab of [page, await other.newPage()]) {
      await tab.goto(`${server.url}/admin`);
      await expect(tab.getByRole('button', { name: 'Unlock' })).toBeEnabled();
      await tab.getByLabel('Password').fill(PASSWORD);
      await tab.getByRole('button', { name: 'Unlock' }).click();
      await expect(tab.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Sign out of every device' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toContainText('Every admin session has ended, on every device.');
    const otherTab = other.pages()[0]!;
    await otherTab.reload();
    await expect(otherTab.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  } finally {
    await other.close();
  }
});
