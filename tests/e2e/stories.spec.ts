import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { seedStories } from '../../db/seed/stories';
import { readingTimeLabel } from '../../src/lib/reading-time';
import { expect, screenshotBothWidths, test } from './support';

const published = seedStories.filter((s) => s.isPublished);

test.describe('/blog', () => {
  test('featured stories, the category filter, the grid with "3 min" and the coming-soon note', async ({ page, consoleErrors }) => {
    // Another browser suite may have a Story of its own published for a moment: wait for the list to be the seed's.
    await expect(async () => {
      await page.goto('/blog');
      await expect(page.locator('main article')).toHaveCount(published.length, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured stories' }) });
    await expect(featured.locator('article')).toHaveCount(2);
    const filter = page.getByRole('navigation', { name: 'Story categories' });
    await expect(filter.getByRole('link')).toHaveText(['All', 'Hidden Gem', 'Date Night', 'Local Legend', 'Food Spotlight', 'Weekend Guide', 'New Opening']);
    // The grid goes on from the featured stories: every published story once, none twice.
    const grid = page.locator('section', { has: page.getByRole('heading', { name: 'More stories' }) });
    await expect(grid.locator('article')).toHaveCount(published.length - 2);
    const links = await page.locator('main article a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(new Set(links).size).toBe(links.length);
    expect(links.sort()).toEqual(published.map((s) => `/blog/${s.slug}`).sort());
    for (const meta of await grid.locator('.story-card__meta').allTextContents()) expect(meta).toContain('3 min');
    await expect(page.getByText(/coming soon/i)).toBeVisible();

    await filter.getByRole('link', { name: 'Food Spotlight' }).click();
    await expect(page).toHaveURL(/category=food-spotlight/);
    const expected = published.filter((s) => s.category === 'Food Spotlight').length;
    await expect(page.locator('article')).toHaveCount(expected);
    await expect(page.locator('article .badge--terracotta')).toHaveText(Array(expected).fill('Food Spotlight'));
    expect(consoleErrors).toEqual([]);
    await screenshotBothWidths(page, '/blog', 'blog');
  });
});

test.describe('/blog/{slug}', () => {
  const story = published.find((s) => s.excerpt && s.heroImage && published.filter((o) => o.category === s.category).length > 1)!;

  test('the whole article as HTML on first paint', async ({ page, request, consoleErrors }) => {
    const html = await (await request.get(`/blog/${story.slug}`)).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${story.title.replace(/&/g, '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(readingTimeLabel(story.content));

    await page.goto(`/blog/${story.slug}`);
    await expect(page.getByRole('link', { name: '← Back to Stories' })).toHaveAttribute('href', '/blog');
    await expect(page.locator('.story__badges .badge').first()).toHaveText(story.category);
    await expect(page.locator('.story__badges .badge')).toHaveCount(1 + story.tags.length);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
    await expect(page.locator('.story__excerpt')).toHaveText(story.excerpt!);
    await expect(page.locator('.story__meta')).toContainText(`By ${story.author}`);
    await expect(page.locator('.story__meta')).toContainText(readingTimeLabel(story.content));
    await expect(page.locator('.story__hero img')).toHaveAttribute('src', story.heroImage!);
    await expect(page.getByText('Share this story:')).toBeVisible();
    await expect(page.getByText(`Published in ${story.category}`)).toBeVisible();
    if (story.content.includes('\n') && !story.content.includes('\n\n')) await expect(page.locator('.story__body br').first()).toBeAttached();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', story.title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', story.excerpt!);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page).toHaveTitle(new RegExp(story.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    const related = page.locator('section', { has: page.getByRole('heading', { name: `More from ${story.category}` }) });
    const others = published.filter((s) => s.category === story.category && s.slug !== story.slug);
    await expect(related.locator('article')).toHaveCount(Math.min(3, others.length));
    for (const href of await related.locator('article a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).not.toBe(`/blog/${story.slug}`);
    }
    await expect(page.locator('.skeleton')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
    await screenshotBothWidths(page, `/blog/${story.slug}`, 'story');
  });

  test('Share copies the address when the device has no share sheet', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/blog/${story.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('Share uses the device share sheet with the excerpt as text', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => ((window as unknown as { shared: ShareData }).shared = data),
      });
    });
    await page.goto(`/blog/${story.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: story.title,
        text: story.excerpt,
        url: page.url(),
      });
  });

  test('a missing or unpublished story shows Post Not Found', async ({ page }) => {
    const draft = seedStories.find((s) => !s.isPublished)!;
    for (const slug of ['no-such-story', draft.slug]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
      await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    }
  });

  test('a malicious story published after the build appears, sanitised', async ({ page }) => {
    const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
    const slug = `sanitiser-check-${Date.now()}`;
    await db.insert(blogPosts).values({
      title: 'A Suspicious Story',
      slug,
      author: 'Mallory',
      category: 'Hidden Gem',
      content:
        'Hello <script>window.__xss = 1</script>world.\n\n<img src="/favicon.svg" onerror="window.__xss = 2" onload="window.__xss = 3">\n\n<a href="javascript:window.__xss = 4">click me</a> <a href="https://example.com">fine</a>',
      isPublished: true,
      publishedAt: new Date(),
    });
    try {
      await page.goto(`/blog/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Suspicious Story');
      const body = page.locator('.story__body');
      await expect(body).toContainText('Hello world.');
      expect(await body.locator('script').count()).toBe(0);
      expect(await body.innerHTML()).not.toMatch(/onerror|onload|javascript:/i);
      await body.getByText('click me').click();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await expect(body.getByRole('link', { name: 'fine' })).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(page.locator('.story__meta')).toContainText('1 min read');
    } finally {
      await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
      db.$client.close();
    }
  });
});

test('a story without a hero picture gets a designed card on /blog, and its article no empty block', async ({ page }) => {
  const db = openDatabase({ url: process.env.E2E_DATABASE_URL! });
  const slug = `no-picture-${Date.now()}`;
  const title = 'Monsoon Evenings on the Greenbelt';
  // Published a year ago, so it lands in the grid below the featured stories without reordering them.
  await db.insert(blogPosts).values({
    title,
    slug,
    author: 'Rosa Vega',
    category: 'Local Legend',
    content: 'Clouds build over the McDowells by four.',
    isPublished: true,
    publishedAt: new Date(Date.now() - 365 * 86_400_000),
  });
  try {
    await page.goto('/blog');
    const cardOf = page.locator('.story-card', { hasText: title });
    await cardOf.scrollIntoViewIfNeeded();
    const fallback = cardOf.locator('.art-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText(title);
    await expect(fallback).toContainText('Local Legend');
    // No excerpt: the card opens the story's text instead of leaving a gap.
    await expect(cardOf.locator('.story-card__excerpt')).toHaveText('Clouds build over the McDowells by four.');
    const box = await fallback.boundingBox();
    expect(Math.abs(box!.width / box!.height - 1200 / 630)).toBeLessThan(0.05);
    await cardOf.screenshot({ path: 'test-results/screenshots/story-card-fallback-1280.png' });
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.story__hero')).toHaveCount(0);
  } finally {
    await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
    db.$client.close();
  }
});

test.describe('newsletter pages', () => {
  test('/subscribe: Join Free, success clears the email, a repeat sign-up succeeds, failures say so', async ({ page }) => {
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Scottsdale Weekly');
    const email = page.getByLabel('Email address');
    const join = page.getByRole('button', { name: 'Join Free' });
    await expect(join).toBeEnabled();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');

    for (let attempt = 0; attempt < 2; attempt++) {
      await email.fill('repeat.reader@example.com');
      await join.click();
      await expect(page.getByText("🎉 You're in!")).toBeVisible();
      await expect(email).toHaveValue('');
    }

    await page.route('**/api/subscribe', (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }));
    await email.fill('someone@example.com');
    await join.click();
    await expect(page.getByText('Something went wrong. Try again.')).toBeVisible();
    await expect(email).toHaveValue('someone@example.com');
    await screenshotBothWidths(page, '/subscribe', 'subscribe');
  });

  test('/about: the story, the premium pitch and the newsletter form', async ({ page, consoleErrors }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Go premium' })).toBeVisible();
    await expect(page.getByText('Membership is $2.99/month.')).toBeVisible();
    const form = page.locator('.newsletter__form');
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole('button', { name: 'Join free' })).toBeEnabled();
    await form.getByLabel('Email address').fill('about.reader@example.com');
    await form.getByRole('button', { name: 'Join free' }).click();
    await expect(page.getByText(/Thanks for joining!/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
    await screenshotBothWidths(page, '/about', 'about');
  });
});
