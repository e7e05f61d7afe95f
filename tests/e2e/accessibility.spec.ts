import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { staffWithSession } from '../support/staff-session';
import { expect, loadLazyContent, test, VIEWPORTS } from './support';

/** Every route of spec §2 (plus the list tabs), checked with axe in Chromium at both widths. */
const ROUTES = [
  '/',
  '/spots',
  '/spots?tab=restaurants',
  '/spots?tab=activities',
  '/events',
  '/blog',
  '/suggest',
  '/admin',
  '/success',
  '/sign-in',
  '/sign-up',
  '/account',
  '/about',
  '/launch',
  '/top-spots',
  '/search?q=patio',
  '/subscribe',
  '/terms',
  '/privacy',
  '/refunds',
  '/unsubscribe?token=1.not-a-real-token',
  '/newsletter/confirm?token=1.not-a-real-token',
  '/no-such-page',
];

/**
 * The page's serious and critical axe findings (WCAG 2.1 A and AA), each with where it is. The
 * Newsletter page's framed email is left out: it is mail-client markup in a sandbox where no
 * script (axe included) may run.
 */
async function seriousViolations(page: Page, width: number): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('.newsletter-desk__frame').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) at ${width}px: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  // Each test loads a page and runs axe at two widths: the longest lists need more than the default 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 60_000 });
  for (const route of ROUTES) {
    test(route, async ({ page }) => {
      // Loaded once at the phone's width, then checked again at the desktop's: the layout follows
      // the width as it changes, as it does when a window is resized.
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(route);
      for (const size of Object.values(VIEWPORTS)) {
        await page.setViewportSize(size);
        await loadLazyContent(page);
        expect(await seriousViolations(page, size.width)).toEqual([]);
      }
    });
  }

  test('a story page', async ({ page, request }) => {
    const [story] = await (await request.get('/api/blog')).json();
    await page.goto(`/blog/${story.slug}`);
    await loadLazyContent(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

/** The back office, signed in as an Owner (who may open every section), at both widths. */
const ADMIN_ROUTES = [
  '/admin',
  '/admin/spots',
  // The editor of one spot (the seed's first).
  '/admin/spots/1',
  '/admin/suggestions',
  '/admin/events',
  '/admin/newsletter',
  '/admin/history',
  '/admin/stories',
  '/admin/stories/new',
  '/admin/stories/1',
  '/admin/places',
  '/admin/places/new',
  '/admin/places/1',
  '/admin/events/new',
  '/admin/events/1',
  '/admin/members',
  '/admin/account',
];

test.describe('accessibility of the back office, signed in (axe: no serious or critical violations)', () => {
  for (const route of ADMIN_ROUTES) {
    test(route, async ({ page, context }) => {
      const { token } = await staffWithSession(process.env.E2E_DATABASE_URL!, {
        name: 'Axel Owner',
        email: `axe.${route.replace(/\W+/g, '-')}.${Date.now()}@example.com`,
        role: 'owner',
      });
      await context.addCookies([{ name: 'admin_session', value: token, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Strict' }]);
      for (const size of Object.values(VIEWPORTS)) {
        await page.setViewportSize(size);
        const response = await page.goto(route);
        expect(response!.status()).toBe(200);
        await loadLazyContent(page);
        expect(await seriousViolations(page, size.width)).toEqual([]);
      }
    });
  }
});
