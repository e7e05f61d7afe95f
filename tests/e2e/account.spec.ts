import { expect, screenshotBothWidths, test } from './support';

test.describe('demo sign-in and account', () => {
  test('a missing password alerts; a complete sign-in greets the user; the account shows the real status; Sign Out', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    await page.getByLabel('Email').fill('ana.ruiz@example.com');
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator('.auth-form').getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => alerts).toEqual(['Please fill in both email and password']);
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.getByLabel('Password').fill('anything');
    await page.locator('.auth-form').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Hi, Ana')).toBeVisible();

    await nav.getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.locator('.account-profile')).toContainText('ana.ruiz@example.com');
    // A demo sign-in proves nothing about the address: no status is shown for it.
    await expect(page.getByTestId('subscription-status')).toHaveText("You're not a member yet. Members read every spot's full guide, for the price of a coffee a month.");
    await expect(page.getByText('Premium Member')).toHaveCount(0);
    // Nothing to manage without a subscription: the page offers one instead.
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Become a member' })).toBeVisible();
    await expect(page.locator('.account-activity')).toContainText('0 spots loved');
    await screenshotBothWidths(page, '/account', 'account');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test("activity counts come from the visitor's own loved and visited spots", async ({ page }) => {
    await page.goto('/account');
    await page.evaluate(() => {
      localStorage.setItem('user', JSON.stringify({ email: 'sam@example.com', name: 'Sam Lee' }));
      localStorage.setItem('lovedSpots', JSON.stringify([1, 2, 3]));
      localStorage.setItem('visitedSpots', JSON.stringify([4]));
    });
    await page.reload();
    await expect(page.locator('.account-activity')).toContainText('3 spots loved');
    await expect(page.locator('.account-activity')).toContainText('1 visited');
    await expect(page.locator('.account-profile')).toContainText('Sam Lee');
  });

  test("a demo sign-in with someone else's address never shows that address's subscription", async ({ page }) => {
    await page.goto('/account');
    await page.evaluate(() => {
      localStorage.setItem('user', JSON.stringify({ email: 'payer@example.com', firstName: 'Pat' }));
      localStorage.setItem('subscriberEmail', 'payer@example.com');
    });
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/account');
    await page.reload();
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId('subscription-status')).toHaveText("You're not a member yet. Members read every spot's full guide, for the price of a coffee a month.");
    await expect(page.getByText(/Active for|No active membership for/)).toHaveCount(0);
    await expect(page.getByText('Premium Member')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Become a Member' })).toBeVisible();
  });

  test('signed out, the account page asks to sign in', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByText('Please sign in to view your account.')).toBeVisible();
    await screenshotBothWidths(page, '/sign-in', 'sign-in');
  });

  test('/sign-up asks to create an account and its button says so; creating one signs in', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    const form = page.locator('.auth-form');
    await expect(form.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'new-password');
    await screenshotBothWidths(page, '/sign-up', 'sign-up');
    await page.getByLabel('Email').fill('new.visitor@example.com');
    await page.getByLabel('Password').fill('a-new-password');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Hi, New')).toBeVisible();
  });
});
