/**
 * The site built with Clerk keys, in Chromium: the hosted widget mounts through clerk-js with the
 * site's props, the demo toggle works, nothing breaks the Content-Security-Policy, and a Clerk
 * session shows in the header and the account page, with its email's subscription unlocked, until
 * Sign Out. clerk-js itself comes from tests/fakes/clerk-browser.ts (Clerk is unreachable here);
 * session tokens come from the Backend API fake. The build uses a `pk_live_` key, so page loads
 * are not sent to Clerk's handshake (see tests/api/clerk.test.ts).
 */
import { openDatabase } from '../../db/client';
import { staff, subscribers } from '../../db/schema';
import { routeClerkFrontendApi } from '../fakes/clerk-browser';
import { startFakeClerk, type FakeClerk } from '../fakes/clerk-server';
import { buildSeparately, type SeparateBuild } from '../support/separate-build';
import { startTestServer, type TestServer } from '../support/server';
import AxeBuilder from '@axe-core/playwright';
import { expect, screenshotBothWidths, test, VIEWPORTS, waitForIslands } from './support';

const PAID = 'paid.member@example.com';

let clerk: FakeClerk;
let build: SeparateBuild;
let server: TestServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  clerk = await startFakeClerk();
  build = await buildSeparately({ PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey, CLERK_SECRET_KEY: clerk.secretKey });
  server = await startTestServer({
    root: build.root,
    env: { PUBLIC_CLERK_PUBLISHABLE_KEY: clerk.publishableKey, CLERK_SECRET_KEY: clerk.secretKey, CLERK_API_URL: clerk.url },
  });
  const db = openDatabase({ url: server.databaseUrl });
  await db.insert(subscribers).values({ email: PAID, subscriptionStatus: 'active', isFoundingMember: true });
  db.$client.close();
});

test.afterAll(async () => {
  await server?.stop();
  await clerk?.stop();
  build?.remove();
});

test.beforeEach(async ({ page }) => {
  await routeClerkFrontendApi(page, clerk.frontendApiHost);
  // Any Content-Security-Policy violation is recorded, so a test can assert there was none.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});

const cspViolations = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const mounts = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __fakeClerk: { mounts: { component: string; props: Record<string, unknown> }[] } }).__fakeClerk.mounts);

test("sign-in mounts Clerk's widget with the site's routing and return page; the toggle switches to the demo sign-in", async ({ page, consoleErrors }) => {
  await page.goto(`${server.url}/sign-in`);
  await waitForIslands(page);
  const widget = page.locator('[data-clerk-widget="sign-in"]');
  await expect(widget.locator('[data-fake-clerk="sign-in"]')).toBeVisible();
  await expect(page.getByText('Loading secure sign-in…')).toHaveCount(0);
  expect(await mounts(page)).toEqual([
    expect.objectContaining({
      component: 'sign-in',
      props: expect.objectContaining({ routing: 'hash', signUpUrl: '/sign-up', fallbackRedirectUrl: '/account', signUpFallbackRedirectUrl: '/account' }),
    }),
  ]);
  await expect(page.locator('#demo-email')).toHaveCount(0);

  const toggle = page.getByRole('button', { name: 'Use demo sign-in instead' });
  await toggle.click();
  await expect(widget).toBeHidden();
  await expect(page.getByRole('button', { name: 'Back to secure sign-in' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Email').fill('ana.ruiz@example.com');
  await page.getByLabel('Password').fill('anything');
  await page.locator('.auth-form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Hi, Ana')).toBeVisible();

  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("sign-up mounts Clerk's sign-up widget; both pages at 390 px and 1280 px", async ({ page }) => {
  await page.goto(`${server.url}/sign-up`, { referer: `${server.url}/spots` });
  await waitForIslands(page);
  await expect(page.locator('[data-clerk-widget="sign-up"] [data-fake-clerk="sign-up"]')).toBeVisible();
  expect((await mounts(page))[0]).toMatchObject({ component: 'sign-up', props: { routing: 'hash', signInUrl: '/sign-in', fallbackRedirectUrl: '/spots' } });
  expect(await cspViolations(page)).toEqual([]);
  await screenshotBothWidths(page, `${server.url}/sign-in`, 'clerk-sign-in');
  await screenshotBothWidths(page, `${server.url}/sign-up`, 'clerk-sign-up');
  // Both modes of both pages: nothing sticks out sideways, and axe finds nothing serious.
  const serious = async (where: string) =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} on ${where}`);
  const problems: string[] = [];
  for (const path of ['/sign-in', '/sign-up']) {
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}${path}`);
      await waitForIslands(page);
      problems.push(...(await serious(`${path} ${size.width}px`)));
      await page.getByRole('button', { name: 'Use demo sign-in instead' }).click();
      await expect(page.locator('#demo-email')).toBeVisible();
      problems.push(...(await serious(`${path} demo ${size.width}px`)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      if (path === '/sign-in') await page.screenshot({ path: `test-results/screenshots/clerk-sign-in-demo-${size.width}.png`, fullPage: true });
    }
  }
  expect(problems).toEqual([]);
});

test('a Clerk session: the header greets the user, the account shows them with their subscription, Sign Out ends it', async ({ page, context, consoleErrors }) => {
  const user = clerk.addUser({ email: PAID, firstName: 'Ana', lastName: 'Ruiz' });
  const token = clerk.mintSessionToken(user, { azp: server.url, lifetimeSeconds: 600 });
  const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
  await context.addCookies([
    { name: '__session', value: token, url: server.url },
    { name: '__client_uat', value: String(iat), url: server.url },
  ]);

  await page.goto(`${server.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Hi, Ana')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeHidden();
  // The browser now holds the Clerk user and uses their email as the subscriber email.
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem('subscriberEmail'), JSON.parse(localStorage.getItem('user') ?? 'null')?.provider]))
    .toEqual([PAID, 'clerk']);

  await nav.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.locator('.account-profile')).toContainText('Ana Ruiz');
  await expect(page.locator('.account-profile')).toContainText(PAID);
  await expect(page.getByTestId('subscription-status')).toHaveText(`Active for ${PAID}. Thank you for being a member.`);
  await expect(page.getByText('Premium Member')).toBeVisible();
  await expect(page.getByText('Founding Member')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Hi, Ana')).toBeHidden();
  expect((await context.cookies(server.url)).map((c) => c.name)).not.toContain('__session');
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('subscriberEmail')])).toEqual([null, null]);
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a spot saved before a Clerk sign-in joins the Clerk user's saved list on the server", async ({ page, context }) => {
  await page.goto(`${server.url}/spots`);
  await waitForIslands(page);
  const card = page.locator('.spot-card').first();
  const name = (await card.locator('.spot-card__name').textContent())!.trim();
  await card.getByRole('button', { name: `Save ${name}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${name} from your saved spots` })).toBeVisible();

  const user = clerk.addUser({ email: 'saver@example.com', firstName: 'Sol', lastName: 'Vega' });
  const token = clerk.mintSessionToken(user, { azp: server.url, lifetimeSeconds: 600 });
  const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
  await context.addCookies([
    { name: '__session', value: token, url: server.url },
    { name: '__client_uat', value: String(iat), url: server.url },
  ]);
  await page.goto(`${server.url}/saved`);
  await expect(page.getByRole('list', { name: 'Saved spots' }).getByRole('link', { name })).toBeVisible();
  await expect(page.getByText('Saved in this browser.')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('savedSpots'))).toBeNull();
  const db = openDatabase({ url: server.databaseUrl });
  const rows = await db.$client.execute("SELECT u.provider, u.email FROM saved_spots s JOIN users u ON u.id = s.user_id WHERE u.email = 'saver@example.com'");
  db.$client.close();
  expect(rows.rows.map((row) => [row.provider, row.email])).toEqual([['clerk', 'saver@example.com']]);
});

test('a member of staff signed in to Clerk continues from the admin gate to the Dashboard; a Clerk account no invite bound is told so', async ({ page, context }) => {
  const EDITOR = 'clerk.editor@example.com';
  const user = clerk.addUser({ email: EDITOR, firstName: 'Cleo', lastName: 'Editor' });
  // The account an accepted invite made and bound to this Clerk user (tests/api/staff-clerk.test.ts walks the invite itself).
  const db = openDatabase({ url: server.databaseUrl });
  await db.insert(staff).values({ name: 'Cleo Editor', email: EDITOR, role: 'editor', clerkUserId: user });
  db.$client.close();
  const token = clerk.mintSessionToken(user, { azp: server.url, lifetimeSeconds: 600 });
  const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat as number;
  await context.addCookies([
    { name: '__session', value: token, url: server.url },
    { name: '__client_uat', value: String(iat), url: server.url },
  ]);

  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await waitForIslands(page);
  await page.getByRole('button', { name: `Continue as ${EDITOR}` }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Cleo Editor').first()).toBeVisible();

  // Someone signed in to Clerk whom no invite bound gets a clear refusal and stays on the gate.
  await context.clearCookies();
  const stranger = clerk.addUser({ email: 'not.staff@example.com', firstName: 'Nat', lastName: 'Stranger' });
  const strangerToken = clerk.mintSessionToken(stranger, { azp: server.url, lifetimeSeconds: 600 });
  const strangerIat = JSON.parse(Buffer.from(strangerToken.split('.')[1]!, 'base64url').toString()).iat as number;
  await context.addCookies([
    { name: '__session', value: strangerToken, url: server.url },
    { name: '__client_uat', value: String(strangerIat), url: server.url },
  ]);
  await page.goto(`${server.url}/admin`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Continue as not.staff@example.com' }).click();
  await expect(page.getByText('Authentication failed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});
