import AxeBuilder from '@axe-core/playwright';
import { createServer } from 'node:net';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { startTestServer, type TestServer } from '../support/server';
import { staffWithSession } from '../support/staff-session';
import { expect, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

// A server of its own with mail on (the shared one has none), its links on its own address.
let sink: SmtpSink;
let server: TestServer;
test.beforeAll(async () => {
  sink = await startSmtpSink();
  const port = await new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
  server = await startTestServer({
    env: { PORT: String(port), SMTP_URL: sink.url, NEWSLETTER_FROM: 'Scottsdale Weekly <weekly@scottsdale.example>', SITE_URL: `http://127.0.0.1:${port}` },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test('an Editor writes the note, sees it at the top of the issue in both parts, and sends a test to herself', async ({ page, context }) => {
  test.setTimeout(60_000);
  const { token } = await staffWithSession(server.databaseUrl, { name: 'Edie Editor', email: 'edie@example.com', role: 'editor' });
  await context.addCookies([{ name: 'admin_session', value: token, url: server.url, httpOnly: true, sameSite: 'Strict' }]);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${server.url}/admin/newsletter`);
  await waitForIslands(page);

  const email = page.frameLocator('iframe[title="This week’s issue as an email"]');
  await expect(email.getByRole('heading', { name: 'Your week in Scottsdale' })).toBeVisible();
  await expect(email.getByText('From the editor')).toHaveCount(0);

  await page.getByLabel(/^Note at the top of the issue of /).fill('The <b>Canal</b> lights are on all week.\n\nSee you by the water.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText(/^Last saved by Edie Editor, /)).toBeVisible();
  await expect(email.getByText('From the editor')).toBeVisible();
  await expect(email.getByText('The <b>Canal</b> lights are on all week.')).toBeVisible();
  await expect(email.getByText('See you by the water.')).toBeVisible();

  await page.getByRole('button', { name: 'Plain text' }).click();
  const text = page.frameLocator('iframe[title="This week’s issue as plain text"]');
  await expect(text.locator('body')).toContainText('FROM THE EDITOR\n\nThe <b>Canal</b> lights are on all week.\n\nSee you by the water.');
  await page.getByRole('button', { name: 'Email' }).click();

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test sent' })).toHaveText('Test sent to edie@example.com. It is not counted as this week’s send.');
  await sink.waitFor(1);
  expect(sink.messages.map((m) => m.envelope.to)).toEqual([['edie@example.com']]);
  expect(sink.messages[0]!.parsed.text).toContain('The <b>Canal</b> lights are on all week.');

  // Send now asks first; cancelling sends nothing.
  await page.getByRole('button', { name: 'Send now…' }).click();
  await expect(page.getByRole('group', { name: /^Send the issue of .+ to \d+ active subscribers now\?/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, send it now' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Cancel, by keyboard
  await expect(page.getByRole('button', { name: 'Send now…' })).toBeFocused();
  expect(sink.messages).toHaveLength(1);

  const axe = await new AxeBuilder({ page }).exclude('.newsletter-desk__frame').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await screenshotBothWidths(page, `${server.url}/admin/newsletter`, 'admin-newsletter-desk');
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
});
