import AxeBuilder from '@axe-core/playwright';
import type { Browser as PlaywrightBrowser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ROLE_LABELS, sectionsFor, type StaffRole } from '../../src/lib/staff-roles';
import { startTestServer, type TestServer } from '../support/server';
import { VIEWPORTS, expect, test, waitForIslands } from './support';

const PASSWORD = 'staff-e2e-owner-password-saguaro';

// A server of its own: its staff accounts and sessions are this file's.
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => server?.stop());
test.describe.configure({ mode: 'serial' });

const people: Record<'editor' | 'contributor', { email: string; name: string; password: string; link?: string }> = {
  editor: { email: 'rosa.editor@example.com', name: 'Rosa Editor', password: 'creosote-after-the-rain' },
  contributor: { email: 'gil.writer@example.com', name: 'Gil Writer', password: 'palo-verde-in-bloom' },
};

async function signInOwner(page: Page) {
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Spot' })).toBeVisible();
}

async function navigation(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Back office' }).getByRole('listitem').allInnerTexts();
}

async function expectOnlyRoleNavigation(page: Page, role: StaffRole, name: string) {
  await page.goto(`${server.url}/admin/account`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  expect(await navigation(page)).toEqual(sectionsFor({ role }).map((s) => s.label));
  await expect(page.getByText(ROLE_LABELS[role], { exact: true }).first()).toBeVisible();
}

test('the Owner invites an Editor and a Contributor; each joins once, signs in as themselves and sees only what the role allows', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signInOwner(page);
  await page.goto(`${server.url}/admin/staff`);
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await waitForIslands(page);
  for (const role of ['editor', 'contributor'] as const) {
    await page.getByLabel('Email').fill(people[role].email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = page.getByLabel(`Invite link for ${people[role].email}`);
    await expect(link).toHaveValue(/\/admin\/invite\?token=[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Mail is not set up' })).toContainText(`Send ${people[role].email} this link (${ROLE_LABELS[role]})`);
    people[role].link = await link.inputValue();
    await expect(page.getByRole('region', { name: 'Pending invites' }).getByText(people[role].email)).toBeVisible();
  }

  // The Editor accepts in a browser of their own and lands signed in.
  const editorContext = await browser.newContext();
  const contributorContext = await browser.newContext();
  try {
    const editor = await editorContext.newPage();
    await editor.goto(people.editor.link!);
    await expect(editor.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
    await waitForIslands(editor);
    await editor.getByLabel('Your name').fill(people.editor.name);
    await editor.getByLabel('Password').fill('too-short');
    await editor.getByRole('button', { name: 'Create my account' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Use a password of at least 12 characters.');
    await editor.getByLabel('Password').fill(people.editor.password);
    await editor.getByRole('button', { name: 'Create my account' }).click();
    await editor.waitForURL(`${server.url}/admin/account`);
    await expectOnlyRoleNavigation(editor, 'editor', people.editor.name);
    // A page outside the role: a readable 403.
    const staffPage = await editor.goto(`${server.url}/admin/staff`);
    expect(staffPage!.status()).toBe(403);
    await expect(editor.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
    await expect(editor.getByText('Your role does not allow this. Ask the Owner if you need this page.')).toBeVisible();
    await expect(editor.getByRole('link', { name: 'Back to the back office' })).toHaveAttribute('href', '/admin');

    // The same link a second time, in yet another browser: refused, nothing to fill in.
    const replay = await contributorContext.newPage();
    const again = await replay.goto(people.editor.link!);
    expect(again!.status()).toBe(410);
    await expect(replay.getByRole('heading', { name: 'This invite no longer works' })).toBeVisible();
    await expect(replay.getByText('This invite has already been used.')).toBeVisible();
    await expect(replay.getByLabel('Password')).toHaveCount(0);

    // The Contributor accepts, then signs in again on a fresh browser with the gate's staff form.
    await replay.goto(people.contributor.link!);
    await waitForIslands(replay);
    await replay.getByLabel('Your name').fill(people.contributor.name);
    await replay.getByLabel('Password').fill(people.contributor.password);
    await replay.getByRole('button', { name: 'Create my account' }).click();
    await replay.waitForURL(`${server.url}/admin/account`);
  } finally {
    await editorContext.close();
    await contributorContext.close();
  }

  const fresh = await browser.newContext();
  try {
    const gate = await fresh.newPage();
    await gate.goto(`${server.url}/admin`);
    await expect(gate.getByText('Enter password to add new spots')).toBeVisible();
    await waitForIslands(gate);
    await gate.getByRole('button', { name: 'Sign in with your staff email instead' }).click();
    await gate.setViewportSize(VIEWPORTS.mobile);
    await gate.screenshot({ path: 'test-results/screenshots/admin-gate-staff-390.png', fullPage: true });
    await gate.getByLabel('Email').fill(people.contributor.email);
    await gate.getByLabel('Password').fill('palo-verde-wrong');
    await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(gate.locator('#staff-sign-in-error')).toHaveText('Wrong email or password. Please try again.');
    await gate.getByLabel('Password').fill(people.contributor.password);
    await gate.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(gate.getByRole('status').filter({ hasText: 'Authentication successful' })).toBeVisible();
    await expectOnlyRoleNavigation(gate, 'contributor', people.contributor.name);
    expect((await gate.goto(`${server.url}/admin/staff`))!.status()).toBe(403);
    await expect(gate.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
  } finally {
    await fresh.close();
  }
  expect(consoleErrors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
});

async function signInStaff(browser: PlaywrightBrowser, who: (typeof people)['editor']) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answer = await page.request.post(`${server.url}/api/admin/auth`, { data: { email: who.email, password: who.password }, headers: { origin: server.url } });
  expect(answer.status()).toBe(200);
  await page.goto(`${server.url}/admin/account`);
  await expect(page.getByRole('heading', { name: who.name })).toBeVisible();
  return { context, page };
}

test('disabling an account signs it out in its own browser at once; ending a session from the list does too', async ({ page, browser }) => {
  const contributor = await signInStaff(browser, people.contributor);
  const editor = await signInStaff(browser, people.editor);
  try {
    await signInOwner(page);
    await page.goto(`${server.url}/admin/staff`);
    await waitForIslands(page);
    const row = page.getByRole('listitem').filter({ hasText: people.contributor.email });
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${people.contributor.name} is disabled and signed out` })).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await contributor.page.reload();
    await expect(contributor.page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

    // Rosa is signed in twice (the browser she joined in, and this one): the Owner ends both.
    const sessions = page.getByRole('region', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: people.editor.name });
    await expect(sessions).toHaveCount(2);
    for (const left of [1, 0]) {
      await sessions
        .first()
        .getByRole('button', { name: /^End Rosa Editor's session/ })
        .click();
      await expect(sessions).toHaveCount(left);
    }
    await expect(page.getByRole('status').filter({ hasText: 'Session ended' }).first()).toBeVisible();
    await editor.page.reload();
    await expect(editor.page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
  } finally {
    await contributor.context.close();
    await editor.context.close();
  }
});

test('the Staff page and the invite page: screenshots at 390 and 1280 px, keyboard and axe', async ({ page }) => {
  await signInOwner(page);
  const invite = await page.request.post(`${server.url}/api/admin/invites`, {
    data: { email: 'sky.support@example.com', role: 'support' },
    headers: { origin: server.url },
  });
  expect(invite.status()).toBe(201);
  const link = ((await invite.json()) as { invite: { link: string } }).invite.link;
  mkdirSync('test-results/screenshots', { recursive: true });
  for (const [name, url] of [
    ['admin-staff', `${server.url}/admin/staff`],
    ['admin-invite', link],
  ] as const) {
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto(url);
      await waitForIslands(page);
      await page.screenshot({ path: `test-results/screenshots/${name}-${size.width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size.width}`).toBe(0);
    }
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      name,
    ).toEqual([]);
  }

  // The invite form by keyboard alone: Tab to the email, type, Tab to the role, Tab to Invite, Enter.
  await page.goto(`${server.url}/admin/staff`);
  await waitForIslands(page);
  await page.getByLabel('Email').focus();
  await page.keyboard.type('kai.keys@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Role', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Invite', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Invite link for kai.keys@example.com')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-staff-invited-1280.png', fullPage: false });

  const refused = await page.goto(link.replace(/token=.*/, `token=${'A'.repeat(43)}`));
  expect(refused!.status()).toBe(404);
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.screenshot({ path: 'test-results/screenshots/admin-invite-refused-390.png', fullPage: true });
});
