import { startTestServer, type TestServer } from '../support/server';
import { expect, test } from './support';

const PASSWORD = 'lockout-admin-password-ocotillo';

// A server of its own: locking the shared one's admin sign-in would fail the other admin specs.
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => server?.stop());

test('after too many wrong passwords the gate says sign-in is paused and for how long, even for the right password', async ({ page }) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = await server.fetch('/api/admin/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ password: `wrong-${attempt}` }),
    });
    expect(wrong.status).toBe(401);
  }
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  await page.getByLabel('Password').fill(PASSWORD);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth'));
  await page.getByRole('button', { name: 'Unlock' }).click();
  expect((await answer).status()).toBe(429);
  const alert = page.getByRole('alert').filter({ hasText: 'Sign-in paused' });
  await expect(alert).toContainText(/Too many failed attempts\. Sign-in is paused; try again in \d+ (seconds?|minutes?)\./);
  await expect(alert).not.toContainText('Invalid password');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});
