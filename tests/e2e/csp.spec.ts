import { expect, loadLazyContent, test } from './support';

/** Pages where islands run the shared form and filter rules (zod) and the other browser code. */
const ROUTES = ['/', '/spots', '/spots?tab=restaurants', '/events', '/blog', '/suggest', '/subscribe', '/sign-in', '/account', '/admin', '/launch'];

test('no page breaks its own Content-Security-Policy (no eval, no inline script or style outside the hashes)', async ({ page, request }) => {
  const [story] = (await (await request.get('/api/blog')).json()) as { slug: string }[];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  for (const route of [...ROUTES, `/blog/${story!.slug}`, '/unsubscribe?token=1.not-a-real-token']) {
    await page.goto(route);
    await loadLazyContent(page);
    if (route === '/suggest') {
      // Runs the suggestion rules (zod) in the browser.
      await page.getByRole('button', { name: 'Submit Suggestion' }).click();
      await expect(page.getByText('Spot name is required')).toBeVisible();
    }
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations, route).toEqual([]);
  }
});
