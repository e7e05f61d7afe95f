import { mkdirSync } from 'node:fs';
import { databaseUnavailablePage } from '../../src/server/http/unavailable-page';
import { VIEWPORTS, expect, test } from './support';

test('the page shown while the database is down reads well at 390 px and 1280 px', async ({ page }) => {
  const html = await databaseUnavailablePage().text();
  mkdirSync('test-results/screenshots', { recursive: true });
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.setContent(html);
    await expect(page.getByRole('heading', { name: 'Back in a moment' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/database-unavailable-${size.width}.png`, fullPage: true });
  }
});
