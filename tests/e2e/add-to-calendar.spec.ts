import { readFileSync } from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import { expect, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`Add to calendar at ${name} width`, () => {
    test.use({ viewport });

    test('an event on /events downloads as an .ics that parses, and offers Google and Outlook', async ({ page, consoleErrors }) => {
      await page.goto('/events');
      await waitForIslands(page);
      const card = page
        .locator('.event-card:not(.event-card--past)')
        .filter({ has: page.locator('[data-add-to-calendar]') })
        .first();
      const title = (await card.locator('.event-card__title').textContent())!.trim();
      // On a phone the card shows its head only: a reader opens it first.
      if (viewport.width < 700) await card.locator('.event-card__summary').click();
      await card.getByText('Add to calendar').click();
      const menu = card.locator('.add-cal__menu');
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const google = new URL((await menu.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
      expect(google.searchParams.get('text')).toBe(title);
      expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
      const outlook = new URL((await menu.getByRole('link', { name: 'Outlook.com' }).getAttribute('href'))!);
      expect(outlook.searchParams.get('subject')).toBe(title);

      const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('link', { name: /Download \.ics/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^scottsdale-event-\d+\.ics$/);
      const [event] = vevents(readFileSync((await download.path())!, 'utf8'));
      expect(event!.summary).toBe(title);
      expect(event!.uid).toMatch(/^event-\d+@/);

      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('/events links the webcal:// subscription; the home page has Add to calendar on its events', async ({ page }) => {
  await page.goto('/events');
  const feed = page.locator('[data-events-feed]');
  await expect(feed).toHaveAttribute('href', /^webcal:\/\/[^/]+\/events\.ics$/);
  await page.goto('/');
  await expect(page.locator('.gem--event [data-add-to-calendar]').first()).toBeVisible();
});

test('screenshots of the calendar control', async ({ page }) => {
  await screenshotBothWidths(page, '/events', 'events-add-to-calendar');
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto('/events');
    await waitForIslands(page);
    const card = page
      .locator('.event-card:not(.event-card--past)')
      .filter({ has: page.locator('[data-add-to-calendar]') })
      .first();
    if (size.width < 700) await card.locator('.event-card__summary').click();
    await card.getByText('Add to calendar').click();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/events-calendar-menu-${size.width}.png` });
    await page.goto('/');
    await page.locator('.gems').scrollIntoViewIfNeeded();
    await page.locator('.gem--event [data-add-to-calendar] summary').first().click();
    await page.screenshot({ path: `test-results/screenshots/home-calendar-menu-${size.width}.png` });
  }
});
