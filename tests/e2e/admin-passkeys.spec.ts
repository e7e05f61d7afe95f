import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/server';
import { expect, loadLazyContent, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

const PASSWORD = 'passkey-admin-password-ocotillo';

// A server of its own, opened as http://localhost: WebAuthn needs a secure context (localhost is
// one) and a domain for the RP ID (an IP address such as 127.0.0.1 is refused by the browser).
let server: TestServer;
let base: string;
test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  base = server.url.replace('127.0.0.1', 'localhost');
});
test.afterAll(() => server?.stop());

/** Chromium's virtual authenticator: a platform passkey store that verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
}
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

test('the Owner adds a passkey on Your account, signs out, and signs back in with it at the gate', async ({ page, consoleErrors }) => {
  await watchCsp(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto(`${base}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByText('Enter password to add new spots')).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Authentication successful' })).toContainText('Welcome to the admin panel');

  await page.goto(`${base}/admin/account`);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await waitForIslands(page);
  // No name: the form says what to do, and no passkey prompt opens.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('Name your passkey, for example “Work laptop”.');
  await page.getByLabel('Passkey name').fill('Studio laptop');
  const added = page.waitForResponse((r) => r.url().endsWith('/api/admin/passkeys') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  expect((await added).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toContainText('“Studio laptop” can now sign you in.');
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Studio laptop');
  await expect(list).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');
  const countAfterAdding = credentials[0]!.signCount;

  // A reload lists it from the server.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Studio laptop');
  expect(await cspViolations(page)).toEqual([]);

  // Sign out (the session ends on the server), then the passkey alone signs in: no email, no password.
  expect((await page.request.delete(`${base}/api/admin/auth`)).status()).toBe(200);
  await page.goto(`${base}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await waitForIslands(page);
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/admin/passkeys/sign-in') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  expect((await signedIn).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Authentication successful' })).toContainText('Welcome to the admin panel');
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  await page.goto(`${base}/admin/account`);
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
  const { credentials: after } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after[0]!.signCount).toBe(countAfterAdding + 1);

  // Removing it: gone from the list, and from what can sign in.
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Remove passkey Studio laptop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey removed' })).toContainText('“Studio laptop” no longer signs you in.');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('Your account: screenshots at 390 and 1280 px, and axe finds nothing serious', async ({ page }) => {
  await page.goto(`${base}/admin`);
  await waitForIslands(page);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
  await page.goto(`${base}/admin/account`);
  await waitForIslands(page);
  for (const name of ['Studio laptop', 'Phone']) {
    // Each passkey on a device of its own: one device holds one passkey per account.
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.getByLabel('Passkey name').fill(name);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText(name);
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  }
  await screenshotBothWidths(page, `${base}/admin/account`, 'admin-account');
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${base}/admin/account`);
    await loadLazyContent(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} at ${size.width}px`)).toEqual([]);
  }
  // The gate with the passkey button, signed out.
  expect((await page.request.delete(`${base}/api/admin/auth`)).status()).toBe(200);
  await screenshotBothWidths(page, `${base}/admin`, 'admin-gate-passkey');
});
