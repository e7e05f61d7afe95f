import type { Page } from '@playwright/test';
import { expect, loadLazyContent, test, VIEWPORTS, waitForIslands } from './support';

/**
 * Every control a thumb aims at — buttons, chips, links in cards, filters, lists and the footer —
 * is at least 44 × 44 px on a phone. Links inside running text are exempt, as WCAG 2.5.5 allows.
 */
const MIN = 44;
const TARGETS = [
  'main button',
  'main a.btn',
  'main .chip',
  'main .chip-link',
  'main .spot-card a',
  'main .gem a',
  'main .place-highlight a',
  'main .place-card a',
  'main .leaderboard a',
  'main .nearby a',
  'main .saved-tile a',
  'main .event-card a',
  'main .story-card a',
  'footer a',
  'header a',
  'header button',
].join(', ');

async function smallTargets(page: Page): Promise<string[]> {
  return page.locator(TARGETS).evaluateAll((nodes, min) => {
    const small: string[] = [];
    for (const node of nodes as HTMLElement[]) {
      // A stretched link (its ::after laid over its card) is as large as the card it covers.
      const after = getComputedStyle(node, '::after');
      const stretched = after.content !== 'none' && after.position === 'absolute' && node.offsetParent;
      const box = (stretched ? node.offsetParent! : node).getBoundingClientRect();
      const style = getComputedStyle(node);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || node.closest('[hidden], [inert], dialog:not([open])')) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        small.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return [...new Set(small)];
  }, MIN);
}

test.describe('tap targets on a phone', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  for (const path of ['/', '/spots', '/spots?tab=restaurants', '/spots?tab=activities', '/events', '/top-spots', '/blog', '/spots/citizen-public-house']) {
    test(`${path}: every button, chip and list link is at least 44 x 44 px`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
      await loadLazyContent(page);
      expect(await smallTargets(page)).toEqual([]);
    });
  }
});
