import { startTestServer, type TestServer } from '../support/server';
import { expect, test } from './support';

/** A site whose database has no content yet: every list says so in the spec's words. */
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
test.afterAll(async () => server?.stop());

test('empty lists show their empty states', async ({ page }) => {
  await page.goto(`${server.url}/blog`);
  await expect(page.getByText('No stories found', { exact: true })).toBeVisible();
  await page.goto(`${server.url}/blog?category=date-night`);
  await expect(page.getByText('No stories found in the "Date Night" category.')).toBeVisible();
  await page.goto(`${server.url}/top-spots`);
  await expect(page.getByText('No spots found')).toBeVisible();
  await page.goto(`${server.url}/`);
  await expect(page.getByText("Top restaurant data will appear here as soon as it's available.")).toBeVisible();
  await expect(page.getByText("Things-to-do data will appear here as soon as it's available.")).toBeVisible();
  await expect(page.locator('.gem--event')).toHaveCount(3);
});
