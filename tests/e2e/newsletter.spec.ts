import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { openDatabase } from '../../db/client';
import { seedSubscribers } from '../../db/seed/subscribers';
import { startSmtpSink } from '../fakes/smtp-sink';
import { runNewsletterSend } from '../support/newsletter-cli';
import { E2E_ADMIN_PASSWORD } from './global-setup';
import { VIEWPORTS, expect, screenshotBothWidths, test, waitForIslands } from './support';

const READER = seedSubscribers.filter((s) => s.isActive).at(-1)!.email;

async function confirmToken(db: ReturnType<typeof openDatabase>, email: string): Promise<string> {
  const key = (await db.$client.execute("SELECT value FROM app_secrets WHERE name = 'newsletter-unsubscribe'")).rows[0]!.value as string;
  const id = Number((await db.$client.execute({ sql: 'SELECT id FROM newsletter_subscribers WHERE email = ?', args: [email] })).rows[0]!.id);
  return `${id}.${createHmac('sha256', key).update(`confirm:${id}:${email}`).digest('base64url')}`;
}

test.describe('Scottsdale Weekly by email', () => {
  test('a delivered issue renders in the browser, its Unsubscribe link deactivates the reader, and Resubscribe asks for a confirmation that brings them back', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
    const sink = await startSmtpSink();
    try {
      // A clean week for this spec, whatever ran before.
      await db.$client.batch(['DELETE FROM newsletter_deliveries', 'DELETE FROM newsletter_runs']);
      await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET is_active = 1 WHERE email = ?', args: [READER] });
      const isActive = async () =>
        Boolean((await db.$client.execute({ sql: 'SELECT is_active FROM newsletter_subscribers WHERE email = ?', args: [READER] })).rows[0]?.is_active);

      const result = await runNewsletterSend({
        DATABASE_URL: process.env.E2E_DATABASE_URL!,
        SMTP_URL: sink.url,
        NEWSLETTER_FROM: 'Scottsdale Weekly <weekly@scottsdale.example>',
        SITE_URL: process.env.E2E_BASE_URL!,
      });
      expect(result.code, result.stderr).toBe(0);
      const [message] = sink.to(READER);
      expect(message, 'the reader got the issue').toBeDefined();
      const html = message!.parsed.html as string;

      // The email as a mail client shows it, at phone and desktop widths.
      mkdirSync('test-results/screenshots', { recursive: true });
      for (const size of Object.values(VIEWPORTS)) {
        await page.setViewportSize(size);
        await page.setContent(html, { waitUntil: 'load' });
        const images = await page
          .locator('img')
          .evaluateAll((imgs) =>
            imgs.map((img) => ({ src: (img as HTMLImageElement).src, alt: img.getAttribute('alt'), loaded: (img as HTMLImageElement).naturalWidth > 0 })),
          );
        expect(images.length).toBeGreaterThanOrEqual(5);
        expect(images.filter((i) => !i.alt)).toEqual([]);
        // Our own artwork must load; spots added by other specs point at image hosts this machine cannot reach.
        const ours = images.filter((i) => i.src.startsWith(process.env.E2E_BASE_URL!));
        expect(ours.length).toBeGreaterThanOrEqual(5);
        expect(ours.filter((i) => !i.loaded)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screenshots/newsletter-email-${size.width}.png`, fullPage: true });
      }

      await expect(page.getByRole('heading', { name: 'Your week in Scottsdale' })).toBeVisible();
      // From here on the pages are the site's own (the email may show images from other hosts).
      consoleErrors.length = 0;
      await page.getByRole('link', { name: 'Unsubscribe' }).click();
      await expect(page).toHaveURL(/\/unsubscribe\?token=/);
      await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
      await expect(page.getByText(READER)).toBeVisible();
      expect(await isActive()).toBe(false);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      const unsubscribePage = new URL(page.url()).pathname + new URL(page.url()).search;

      await page.getByRole('button', { name: 'Resubscribe' }).click();
      await expect(page.getByRole('status')).toHaveText("Almost there: check your inbox and follow the link to confirm you're back on Scottsdale Weekly.");
      await expect(page.getByRole('button', { name: 'Resubscribe' })).toBeHidden();
      expect(await isActive()).toBe(false);
      expect(consoleErrors).toEqual([]);

      await screenshotBothWidths(page, unsubscribePage, 'unsubscribe');
      await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
      await screenshotBothWidths(page, '/unsubscribe?token=1.forged', 'unsubscribe-invalid');
      await expect(page.getByRole('heading', { name: "This unsubscribe link isn't valid" })).toBeVisible();

      // The confirmation email's link. This suite's server has no SMTP, so the test signs it with
      // the database's newsletter key, as the server does ('confirm' purpose).
      await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET confirmation_requested_at = 1 WHERE email = ?', args: [READER] });
      const confirmPath = `/newsletter/confirm?token=${await confirmToken(db, READER)}`;
      await screenshotBothWidths(page, confirmPath, 'newsletter-confirm');
      await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
      expect(await isActive(), 'opening the link alone changes nothing').toBe(false);
      const confirmAxe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(confirmAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(page.getByRole('status')).toHaveText("You're on Scottsdale Weekly. Look for it in your inbox every Thursday.");
      expect(await isActive()).toBe(true);
    } finally {
      await db.$client.execute({ sql: 'UPDATE newsletter_subscribers SET is_active = 1 WHERE email = ?', args: [READER] });
      db.$client.close();
      await sink.stop();
    }
  });

  test('the admin panel shows the newsletter and previews this week’s issue', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    // A sign-up waiting for its confirmation, which this suite's server (no SMTP) cannot email.
    const signup = await page.request.post('/api/subscribe', { data: { email: 'waiting.reader@example.com' }, headers: { origin: process.env.E2E_BASE_URL! } });
    expect(signup.status()).toBe(200);
    await page.goto('/admin');
    // Typed before the island hydrates, the password would be wiped by the first render.
    await waitForIslands(page);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    // The newsletter has its own section in the back office.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter$/);
    const schedule = page.getByRole('region', { name: 'Thursday schedule' });
    await expect(schedule).toBeVisible();
    await expect(schedule.getByText(/\d+ active · \d+ unsubscribed · \d+ pending confirmation/)).toBeVisible();
    await expect(schedule.getByRole('note').filter({ hasText: 'pending confirmation' })).toHaveText(
      /^\d+ pending confirmation — SMTP is not configured \(SMTP_URL and NEWSLETTER_FROM\), so confirmation emails can't be sent\.$/,
    );
    await expect(schedule).toContainText('Set NEWSLETTER_SCHEDULE=on to send every Thursday at 9:00 AM, Scottsdale time.');

    // The issue is on the page itself, in a sandboxed frame, as subscribers get it.
    const preview = page.frameLocator('iframe[title="This week’s issue as an email"]');
    await expect(preview.getByRole('heading', { name: 'Your week in Scottsdale' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/admin-newsletter-1280.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: 'test-results/screenshots/admin-newsletter-390.png', fullPage: true });
  });
});
