/**
 * The Stories studio's rules, end to end through the built server: the states and the one public
 * rule (pages, feeds, sitemap), permissions by role, the version check, revisions (capped and
 * restorable), History with every change, slug redirects, the scheduler claimed in the database
 * by exactly one of two instances, and hostile markup kept off the page.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { blogPosts, history, storyRevisions } from '../../db/schema';
import { Browser, call, invite, join, signInOwner } from '../support/staff';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'stories-studio-password-palo-verde';
const SECRET = 'stories-studio-instances-share-one-secret-0123';
const STALE = 'Someone else saved this Story after you opened it. Copy your changes, reload the page to see theirs, then save again.';
let server: TestServer;
let second: TestServer | null = null;
let db: Database;
const owner = new Browser('198.18.9.1');
const editor = new Browser('198.18.9.2');
const contributor = new Browser('198.18.9.3');

beforeAll(async () => {
  const env = { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1', STORY_SCHEDULE_EVERY_MS: '200', SESSION_SECRET: SECRET };
  server = await startTestServer({ env });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
  await join(server, editor, await invite(server, owner, 'editor@example.com', 'editor'), 'Edie Editor', 'editor-long-password-1');
  await join(server, contributor, await invite(server, owner, 'contributor@example.com', 'contributor'), 'Cora Contributor', 'contributor-long-password-1');
  // A second instance on the same database: both run the scheduler.
  second = await startTestServer({ env, databaseUrl: server.databaseUrl, prepare: false });
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await second?.stop();
  await server?.stop();
});

interface Story {
  id: number;
  slug: string;
  title: string;
  status: string;
  version: number;
  content: string;
  author: string;
}
const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `The ${slug.replace(/-/g, ' ')}`,
  slug,
  excerpt: 'A short line for the cards.',
  content: 'First paragraph about the desert.\n\nSecond paragraph with <strong>bold</strong> words.',
  category: 'Hidden Gem',
  tags: ['Desert'],
  ...extra,
});
async function create(browser: Browser, body: unknown): Promise<Story> {
  const response = await call(server, browser, 'POST', '/api/admin/stories', body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { story: Story }).story;
}
async function act(browser: Browser, story: Story, action: string, extra: Record<string, unknown> = {}) {
  return call(server, browser, 'POST', `/api/admin/stories/${story.id}/${action}`, { version: story.version, ...extra });
}
const storyOf = async (response: Response) => ((await response.json()) as { story: Story }).story;
const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const page = (path: string) => server.fetch(path, { redirect: 'manual', headers: { accept: 'text/html' } });
async function everywhere(slug: string) {
  const [blog, rss, feed, sitemap, api] = (await Promise.all(
    ['/blog', '/blog/rss.xml', '/blog/feed.json', '/sitemap.xml', '/api/blog'].map((p) => page(p).then((r) => r.text())),
  )) as [string, string, string, string, string];
  return {
    blog: blog.includes(`/blog/${slug}"`),
    rss: rss.includes(`/blog/${slug}<`),
    feed: feed.includes(`/blog/${slug}"`),
    sitemap: sitemap.includes(`/blog/${slug}<`),
    api: api.includes(`"slug":"${slug}"`),
  };
}
const entries = (storyId: number) =>
  db
    .select({ event: history.event, actor: history.actorName })
    .from(history)
    .where(and(eq(history.kind, 'story'), eq(history.subjectId, String(storyId))))
    .orderBy(history.id);

describe('states and the one public rule', () => {
  it('a draft is nowhere public; Publish puts it on its page, /blog, both feeds, the sitemap and the API at once; Unpublish takes it off at once (404)', async () => {
    let story = await create(editor, draft('saguaro-sunrise-walk'));
    expect([story.status, story.version, story.author]).toEqual(['draft', 1, 'Edie Editor']);
    expect((await page('/blog/saguaro-sunrise-walk')).status).toBe(404);
    expect(await everywhere(story.slug)).toEqual({ blog: false, rss: false, feed: false, sitemap: false, api: false });

    const published = await act(editor, story, 'publish');
    expect(published.status).toBe(200);
    story = await storyOf(published);
    expect([story.status, story.version]).toEqual(['published', 2]);
    const shown = await page('/blog/saguaro-sunrise-walk');
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Second paragraph with <strong>bold</strong> words.');
    expect(await everywhere(story.slug)).toEqual({ blog: true, rss: true, feed: true, sitemap: true, api: true });

    story = await storyOf(await act(editor, story, 'unpublish'));
    expect(story.status).toBe('unpublished');
    expect((await page('/blog/saguaro-sunrise-walk')).status).toBe(404);
    expect(await everywhere(story.slug)).toEqual({ blog: false, rss: false, feed: false, sitemap: false, api: false });
    expect(await entries(story.id)).toEqual([
      { event: 'added', actor: 'Edie Editor' },
      { event: 'published', actor: 'Edie Editor' },
      { event: 'unpublished', actor: 'Edie Editor' },
    ]);
  });

  it('a move from the wrong state is refused with 409 and changes nothing', async () => {
    const story = await create(editor, draft('wrong-state-story'));
    const response = await act(editor, story, 'unpublish');
    expect(response.status).toBe(409);
    expect(await message(response)).toBe('This Story is not published or scheduled.');
    expect(await entries(story.id)).toEqual([{ event: 'added', actor: 'Edie Editor' }]);
  });
});

describe('roles', () => {
  it('a Contributor writes and submits for review but cannot publish, schedule, delete or edit a published Story', async () => {
    let story = await create(contributor, draft('contributor-cactus-notes'));
    expect(story.author).toBe('Cora Contributor');
    for (const action of ['publish', 'schedule', 'unpublish', 'archive']) {
      const refused = await act(contributor, story, action, action === 'schedule' ? { at: '2031-01-01T09:00' } : {});
      expect(refused.status, action).toBe(403);
    }
    expect((await call(server, contributor, 'DELETE', `/api/admin/stories/${story.id}`)).status).toBe(403);
    story = await storyOf(await act(contributor, story, 'submit'));
    expect(story.status).toBe('review');
    story = await storyOf(await act(editor, story, 'publish'));
    const edit = await call(server, contributor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, title: 'Sneaky change' });
    expect(edit.status).toBe(403);
    expect(await message(edit)).toBe('Only an Editor can change a Story that is scheduled, published or taken down.');
    expect((await page('/blog/contributor-cactus-notes')).status).toBe(200);
  });
});

describe('never lose work', () => {
  it('a save against an older version is refused (409) and the newer text stays', async () => {
    const story = await create(editor, draft('two-editors-one-story'));
    const first = await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: 1, content: 'Editor one text.' });
    expect(first.status).toBe(200);
    expect((await storyOf(first)).version).toBe(2);
    const second = await call(server, owner, 'PATCH', `/api/admin/stories/${story.id}`, { version: 1, content: 'Owner overwrites.' });
    expect(second.status).toBe(409);
    expect(await message(second)).toBe(STALE);
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, story.id));
    expect([row!.content, row!.version]).toEqual(['<p>Editor one text.</p>', 2]);
  });

  it('every save is a revision; restoring one brings the earlier text back as a new save; at most 50 are kept', async () => {
    let story = await create(editor, draft('revision-trail', { content: 'The original opening.' }));
    story = await storyOf(await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, content: 'A rewritten opening.' }));
    const listed = (await (await call(server, editor, 'GET', `/api/admin/stories/${story.id}/revisions`)).json()) as {
      revisions: { id: number; event: string; content: string }[];
    };
    expect(listed.revisions.map((r) => [r.event, r.content])).toEqual([
      ['edited', '<p>A rewritten opening.</p>'],
      ['created', '<p>The original opening.</p>'],
    ]);
    const restored = await storyOf(
      await call(server, editor, 'POST', `/api/admin/stories/${story.id}/revisions/${listed.revisions[1]!.id}/restore`, { version: story.version }),
    );
    expect([restored.content, restored.version]).toEqual(['<p>The original opening.</p>', 3]);

    story = restored;
    for (let i = 0; i < 52; i++) {
      story = await storyOf(await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, content: `Save number ${i}.` }));
    }
    const kept = await db.select({ content: storyRevisions.content }).from(storyRevisions).where(eq(storyRevisions.storyId, story.id)).orderBy(storyRevisions.id);
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)!.content).toBe('<p>Save number 51.</p>');
    expect(kept[0]!.content).toBe('<p>Save number 2.</p>');
  });
});

describe('addresses and safety', () => {
  it('a published Story whose slug changes answers 301 from its old address', async () => {
    let story = await create(editor, draft('old-trail-name'));
    story = await storyOf(await act(editor, story, 'publish'));
    const renamed = await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, slug: 'new-trail-name' });
    expect(renamed.status).toBe(200);
    const moved = await page('/blog/old-trail-name');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/blog/new-trail-name');
    expect((await page('/blog/new-trail-name')).status).toBe(200);
    const taken = await call(server, editor, 'POST', '/api/admin/stories', draft('old-trail-name'));
    expect(taken.status).toBe(409);
  });

  it('pasted hostile markup leaves no script, handler or javascript: link on the page', async () => {
    const hostile =
      '<p style="color:red" onclick="steal()">Kept words</p><script>alert("x")</script>\n\n<img src="x" onerror="alert(1)"><a href="javascript:alert(2)">link</a><iframe src="https://evil.example"></iframe>';
    const story = await create(editor, draft('hostile-paste', { content: hostile }));
    expect((await act(editor, story, 'publish')).status).toBe(200);
    const html = await (await page('/blog/hostile-paste')).text();
    const body = html.slice(html.indexOf('Kept words') - 200);
    expect(body).toContain('Kept words');
    expect(body).not.toMatch(/alert\(|onerror|onclick|javascript:|<iframe|steal\(/);
  });
});

describe('preview links', () => {
  it('a secret link shows the draft and its card to anyone holding it, never indexed or kept; a forged or expired link does not', async () => {
    const story = await create(contributor, draft('preview-palo-verde', { content: 'Draft words only the link shows.' }));
    const made = await call(server, contributor, 'POST', `/api/admin/stories/${story.id}/preview`, {});
    expect(made.status).toBe(200);
    const { url, expiresAt } = (await made.json()) as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(47 * 60 * 60 * 1000);
    const link = new URL(url);
    const shown = await page(`${link.pathname}${link.search}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    expect(html).toContain('Draft words only the link shows.');
    expect(html).toContain('As its card on /blog and the home page');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect((await page('/blog/preview-palo-verde')).status).toBe(404);

    const token = link.searchParams.get('token')!;
    expect((await page(`/preview/story?token=${encodeURIComponent(token.replace(`:${story.id}:`, ':1:'))}`)).status).toBe(404);
    const value = `story-preview:${story.id}:${Date.now() - 1000}`;
    const expired = `${value}.${createHmac('sha256', SECRET).update(value).digest('base64url')}`;
    const old = await page(`/preview/story?token=${encodeURIComponent(expired)}`);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain('This preview link has expired');
  });
});

describe('search engines', () => {
  it('the page carries BlogPosting data and the SEO fields; a material change to a published Story shows "Updated" and moves dateModified, a re-save does not', async () => {
    let story = await create(
      editor,
      draft('seo-sonoran-story', { seoTitle: 'Sonoran mornings, explained', seoDescription: 'Why locals walk before seven.', socialImage: '/images/social/sonoran.png' }),
    );
    story = await storyOf(await act(editor, story, 'publish'));
    const ld = async () => {
      const html = await (await page('/blog/seo-sonoran-story')).text();
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      return { html, data: JSON.parse(json!) as Record<string, unknown> };
    };
    let { html, data } = await ld();
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Sonoran mornings, explained',
      description: 'Why locals walk before seven.',
      author: { name: 'Edie Editor' },
    });
    expect(data.image).toMatch(/\/images\/social\/sonoran\.png$/);
    expect(data.dateModified).toBe(data.datePublished);
    expect(html).toContain('<title>Sonoran mornings, explained · Scottsdale Local Guide</title>');
    expect(html).not.toContain('Updated <time');

    story = await storyOf(await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, tags: ['Desert', 'Mornings'] }));
    ({ data } = await ld());
    expect(data.dateModified).toBe(data.datePublished);
    await call(server, editor, 'PATCH', `/api/admin/stories/${story.id}`, { version: story.version, content: 'A corrected opening </script><script>alert(1)</script>.' });
    ({ html, data } = await ld());
    expect(Date.parse(data.dateModified as string)).toBeGreaterThan(Date.parse(data.datePublished as string));
    expect(html).toContain('Updated <time');
  });
});

describe('the scheduler', () => {
  it('refuses a time in the past, in Scottsdale time', async () => {
    const story = await create(editor, draft('too-late-story'));
    const response = await act(editor, story, 'schedule', { at: '2020-01-01T09:00' });
    expect(response.status).toBe(400);
    expect(await message(response)).toBe('Choose a time in the future (Scottsdale time).');
  });

  it('a scheduled Story is published when its time comes by exactly one of two instances, once, and shows on its page and in the feeds', async () => {
    let story = await create(editor, draft('scheduled-sunset-ride'));
    story = await storyOf(await act(editor, story, 'schedule', { at: '2030-06-01T18:30' }));
    const [row] = await db.select({ scheduledFor: blogPosts.scheduledFor }).from(blogPosts).where(eq(blogPosts.id, story.id));
    // 18:30 in Scottsdale (UTC−7 all year) is 01:30 UTC the next day.
    expect(row!.scheduledFor!.toISOString()).toBe('2030-06-02T01:30:00.000Z');
    expect((await page('/blog/scheduled-sunset-ride')).status).toBe(404);
    expect(await everywhere(story.slug)).toEqual({ blog: false, rss: false, feed: false, sitemap: false, api: false });

    // The clock moves on: the time is now a moment ago.
    await db
      .update(blogPosts)
      .set({ scheduledFor: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, story.id));
    await expect
      .poll(async () => (await db.select({ status: blogPosts.status }).from(blogPosts).where(eq(blogPosts.id, story.id)))[0]!.status, { timeout: 10_000, interval: 100 })
      .toBe('published');
    expect((await page('/blog/scheduled-sunset-ride')).status).toBe(200);
    expect((await second!.fetch('/blog/scheduled-sunset-ride', { headers: { accept: 'text/html' } })).status).toBe(200);
    expect(await everywhere(story.slug)).toEqual({ blog: true, rss: true, feed: true, sitemap: true, api: true });
    // Both instances keep looking; neither publishes it again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await entries(story.id)).toEqual([
      { event: 'added', actor: 'Edie Editor' },
      { event: 'scheduled', actor: 'Edie Editor' },
      { event: 'published on schedule', actor: 'The guide' },
    ]);
    const logged = (server.output() + second!.output()).split('\n').filter((line) => line.includes(`published on schedule: The scheduled sunset ride (#${story.id})`));
    expect(logged).toHaveLength(1);
    const revisions = await db.select({ event: storyRevisions.event }).from(storyRevisions).where(eq(storyRevisions.storyId, story.id));
    expect(revisions.map((r) => r.event)).toEqual(['created', 'scheduled', 'published on schedule']);
  });
});
