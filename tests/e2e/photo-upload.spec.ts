import { testPhoto } from '../support/images';
import { E2E_ADMIN_PASSWORD } from './global-setup';
import { VIEWPORTS, expect, test, waitForIslands } from './support';

test('the admin uploads a photo for a new spot; refusals are said under the field; the spot page serves it responsively', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  await page.goto('/admin');
  await waitForIslands(page);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
  // Signing in loads the Dashboard anew: its form must be hydrated before a file is chosen.
  await waitForIslands(page);

  const photoField = page.getByLabel('Photo');
  await photoField.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.locator('.photo-upload [role="alert"]')).toHaveText(/^SVG files are not accepted, because they can carry scripts\./);
  await photoField.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a picture') });
  await expect(page.locator('.photo-upload [role="alert"]')).toHaveText('That file is not a photo we can read. Upload a JPEG, PNG, WebP, AVIF or HEIC image.');

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/uploads'));
  await photoField.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(2400, 1600, 'jpeg', { gps: true }) });
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByText('Photo ready: 1600 × 1067, stored as AVIF, WebP and JPEG.')).toBeVisible();
  await expect(page.locator('.photo-upload [role="alert"]')).toHaveCount(0);
  await expect(page.getByLabel('Image URL')).toHaveCount(0);
  await page.locator('.photo-upload').screenshot({ path: 'test-results/screenshots/admin-photo-upload-1280.png' });

  const name = `Pinnacle Photo Ledge ${stamp}`;
  await page.getByLabel('Spot Name').fill(name);
  await page.getByLabel('Category').selectOption('hike');
  await page.getByLabel('Description').fill('A ledge with a view over the whole valley, best an hour before sunset.');
  await page.getByLabel('Google Maps Link').fill('https://www.google.com/maps/search/?api=1&query=Pinnacle%20Peak');
  await page.getByRole('button', { name: 'Add Spot' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Spot added successfully' })).toBeVisible();

  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`/spots/pinnacle-photo-ledge-${stamp}`);
    const picture = page.locator('.spot-page__picture picture');
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /\/uploads\/[a-f0-9]{32}\/480\.avif 480w, \/uploads\/[a-f0-9]{32}\/960\.avif 960w, \/uploads\/[a-f0-9]{32}\/1600\.avif 1600w/,
    );
    const hero = picture.locator('img');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('width', '1200');
    await expect(hero).toHaveAttribute('height', '800');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Chromium picks AVIF, at a width that fits the box.
    const chosen = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/uploads\/[a-f0-9]{32}\/(480|960|1600)\.avif$/);
    await page.screenshot({ path: `test-results/screenshots/spot-page-photo-${size.width}.png` });
  }
});
