import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './support';

/** The element that has focus, described for assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? '', text: (el?.textContent ?? '').trim().slice(0, 40), inDialog: Boolean(el?.closest('dialog[open]')) };
  });

test.describe('keyboard use', () => {
  test('Tab reaches the skip link, the main links and the spot controls in order', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      seen.push((await focused(page)).text);
    }
    for (const label of ['All Spots', 'Events', 'Stories', 'Sign In', 'All', 'Hike', 'Details']) {
      expect(seen, `Tab never reached "${label}"`).toContain(label);
    }
  });

  test('dialogs keep focus inside, close with Escape and give focus back', async ({ page }) => {
    await page.goto('/spots');
    await waitForIslands(page);
    const details = page.locator('.spot-card').first().getByRole('button', { name: 'Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      // Focus cycles between the dialog's controls (and the browser's own UI, which is not the page).
      expect(now.inDialog || now.tag === 'BODY').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
  });

  test('the subscription dialog is usable from the keyboard alone', async ({ page }) => {
    await page.goto('/launch');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Become a Member' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Become a member' });
    await expect(dialog).toBeVisible();
    let reachedEmail = false;
    for (let i = 0; i < 6 && !reachedEmail; i++) {
      await page.keyboard.press('Tab');
      reachedEmail = await dialog.getByRole('textbox', { name: 'Email' }).evaluate((el) => el === document.activeElement);
    }
    expect(reachedEmail).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
