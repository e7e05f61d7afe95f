/**
 * The Story editor's stored form through the built server: the document is checked on the server
 * and rendered on save; embedded spots are drawn live (a closed spot is a plain note, an archived
 * one is left out); the public page ships none of the editor; the version an open editor polls;
 * the spot search; the start-up conversion of old bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { blogPosts, spots } from '../../db/schema';
import { convertStoryBodies } from '../../db/story-documents';
import { Browser, call, invite, join, signInOwner } from '../support/staff';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'story-editor-password-ocotillo';
let server: TestServer;
let db: Database;
const owner = new Browser('198.18.12.1');
const editor = new Browser('198.18.12.2');
let open: { id: number; name: string; slug: string };
let closed: { id: number; name: string };
let archived: { id: number; name: string };

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' } });
  db = openDatabase({ url: server.databaseUrl });
  await signInOwner(server, owner, PASSWORD);
  await join(server, editor, await invite(server, owner, 'edie@example.com', 'editor'), 'Edie Editor', 'editor-long-password-ocotillo');
  const rows = await db.select({ id: spots.id, name: spots.name, slug: spots.slug }).from(spots).orderBy(spots.id).limit(3);
  [open, closed, archived] = rows as [typeof open, typeof closed, typeof archived];
  await db
    .update(spots)
    .set({ hours: { kind: 'always' } })
    .where(eq(spots.id, open.id));
  await db.update(spots).set({ status: 'permanently-closed' }).where(eq(spots.id, closed.id));
  await db.update(spots).set({ archivedAt: new Date() }).where(eq(spots.id, archived.id));
}, 60_000);
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (value: string) => ({ type: 'paragraph', content: [text(value)] });
const documentWithEverything = () => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Three stops in Old Town')] },
    paragraph('Start early.'),
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [paragraph('Coffee')] },
        { type: 'listItem', content: [paragraph('Galleries')] },
      ],
    },
    {
      type: 'paragraph',
      content: [text('Read the '), text('city guide', [{ type: 'link', attrs: { href: 'https://www.scottsdaleaz.gov/', target: '_blank', class: 'x' } }])],
    },
    { type: 'image', attrs: { src: '/images/stories/fnb-and-the-art-of-the-arizona-vegetable.svg', alt: 'A plate of roasted carrots', caption: 'Dinner at eight' } },
    { type: 'spotCard', attrs: { spotId: open.id, name: 'ignored label' } },
    { type: 'spotCard', attrs: { spotId: closed.id } },
    { type: 'spotCard', attrs: { spotId: archived.id } },
    { type: 'callout', content: [paragraph('Closed Mondays.')] },
    { type: 'horizontalRule' },
  ],
});
const story = (slug: string, body: Record<string, unknown>) => ({ title: `Story ${slug}`, slug, category: 'Hidden Gem', tags: [], ...body });
interface Saved {
  id: number;
  version: number;
  content: string;
  doc: { content: { type: string; attrs?: Record<string, unknown> }[] };
}
const saved = async (response: Response) => ((await response.json()) as { story: Saved }).story;
const page = (path: string, browser?: Browser) =>
  browser ? call(server, browser, 'GET', path, undefined, { accept: 'text/html' }) : server.fetch(path, { headers: { accept: 'text/html' } });

/** Every script a page loads and the modules those import, one level down. */
async function scriptsOf(html: string): Promise<Map<string, string>> {
  const urls = new Set([...html.matchAll(/(?:component-url|renderer-url|src|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const bodies = new Map<string, string>();
  for (const url of urls) bodies.set(url, await (await server.fetch(url)).text());
  for (const [url, body] of [...bodies]) {
    for (const m of body.matchAll(/(?:from|import)\s*\(?"\.\/([^"]+\.js)"/g)) {
      const child = new URL(m[1]!, `http://x${url}`).pathname;
      if (!bodies.has(child)) bodies.set(child, await (await server.fetch(child)).text());
    }
  }
  return bodies;
}

describe('the stored form', () => {
  it('a document is rendered on save; the page shows it with live spot cards, a closed spot as a note and an archived one not at all', async () => {
    const response = await call(server, editor, 'POST', '/api/admin/stories', story('three-stops', { doc: documentWithEverything() }));
    expect(response.status).toBe(201);
    const created = await saved(response);
    expect(created.content).toBe(
      [
        '<h2>Three stops in Old Town</h2>',
        '<p>Start early.</p>',
        '<ul><li>Coffee</li><li>Galleries</li></ul>',
        '<p>Read the <a href="https://www.scottsdaleaz.gov/" target="_blank" rel="noopener noreferrer">city guide</a></p>',
        '<figure class="story-figure"><img src="/images/stories/fnb-and-the-art-of-the-arizona-vegetable.svg" alt="A plate of roasted carrots" loading="lazy" decoding="async" /><figcaption>Dinner at eight</figcaption></figure>',
        `<div class="story-spot" data-spot-id="${open.id}"></div>`,
        `<div class="story-spot" data-spot-id="${closed.id}"></div>`,
        `<div class="story-spot" data-spot-id="${archived.id}"></div>`,
        '<aside class="story-callout"><p>Closed Mondays.</p></aside>',
        '<hr />',
      ].join('\n'),
    );
    // The spot card stores the spot's id only.
    expect(created.doc.content[5]).toEqual({ type: 'spotCard', attrs: { spotId: open.id } });
    expect((await call(server, editor, 'POST', `/api/admin/stories/${created.id}/publish`, { version: created.version })).status).toBe(200);

    const html = await (await page('/blog/three-stops')).text();
    expect(html).toContain('<h2>Three stops in Old Town</h2>');
    expect(html).toContain('<ul><li>Coffee</li><li>Galleries</li></ul>');
    expect(html).toContain('alt="A plate of roasted carrots"');
    expect(html).toContain(`<a class="story-spot" href="/spots/${open.slug}">`);
    expect(html).toContain(`<span class="story-spot__name">${open.name.replace(/&/g, '&amp;').replace(/'/g, "'")}</span>`);
    expect(html).toContain('<span class="story-spot__open story-spot__open--open">Open 24 hours</span>');
    expect(html).toContain(`<p class="story-spot story-spot--closed"><strong>${closed.name.replace(/&/g, '&amp;')}</strong>: Permanently closed.</p>`);
    expect(html).not.toContain(archived.name.replace(/&/g, '&amp;'));
    expect(html).not.toContain('data-spot-id');

    // Drawn at render time: when the open spot's hours say it is closed, the same Story says so.
    await db
      .update(spots)
      .set({ hours: { kind: 'weekly', rules: [] } })
      .where(eq(spots.id, open.id));
    const later = await (await page('/blog/three-stops')).text();
    expect(later).toContain('<span class="story-spot__open story-spot__open--closed">Closed</span>');
    expect(later).not.toContain('Open 24 hours');

    // Both feeds carry the same body, with the spots drawn the same way.
    const rss = await (await server.fetch('/blog/rss.xml')).text();
    expect(rss).toContain(`<a class="story-spot" href="/spots/${open.slug}">`);
    expect(rss).not.toContain('data-spot-id');
  });

  it('the server refuses a document it does not allow (400) and keeps the saved one', async () => {
    const created = await saved(
      await call(server, editor, 'POST', '/api/admin/stories', story('refused-doc', { doc: { type: 'doc', content: [paragraph('Fine words.')] } })),
    );
    const hostile = { type: 'doc', content: [{ type: 'paragraph', content: [text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }] };
    const link = await call(server, editor, 'PATCH', `/api/admin/stories/${created.id}`, { version: created.version, doc: hostile });
    expect(link.status).toBe(400);
    const script = await call(server, editor, 'PATCH', `/api/admin/stories/${created.id}`, {
      version: created.version,
      doc: { type: 'doc', content: [{ type: 'script', text: 'x' }] },
    });
    expect(script.status).toBe(400);
    const noAlt = await call(server, editor, 'PATCH', `/api/admin/stories/${created.id}`, {
      version: created.version,
      doc: { type: 'doc', content: [{ type: 'image', attrs: { src: '/uploads/x/960.webp', alt: '' } }] },
    });
    expect(noAlt.status).toBe(400);
    expect(((await noAlt.json()) as { message: string }).message).toContain('Every image needs alt text: describe what it shows');
    const [row] = await db.select({ content: blogPosts.content, version: blogPosts.version }).from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(row).toEqual({ content: '<p>Fine words.</p>', version: 1 });
  });
});

describe('the studio island', () => {
  it('loads on the studio edit page and nowhere on the public Story page', async () => {
    const created = await saved(
      await call(server, editor, 'POST', '/api/admin/stories', story('no-editor-here', { doc: { type: 'doc', content: [paragraph('Words.')] } })),
    );
    expect((await call(server, editor, 'POST', `/api/admin/stories/${created.id}/publish`, { version: created.version })).status).toBe(200);
    const studio = await scriptsOf(await (await page(`/admin/stories/${created.id}`, editor)).text());
    const studioHasEditor = [...studio.entries()].filter(([, body]) => body.includes('ProseMirror'));
    expect(studioHasEditor.length).toBeGreaterThan(0);
    const editorChunks = studioHasEditor.map(([url]) => url);

    const publicHtml = await (await page('/blog/no-editor-here')).text();
    expect(publicHtml).toContain('Words.');
    const publicScripts = await scriptsOf(publicHtml);
    expect(publicScripts.size).toBeGreaterThan(0);
    for (const [url, body] of publicScripts) {
      expect(editorChunks, url).not.toContain(url);
      expect(body.includes('ProseMirror'), url).toBe(false);
    }
    expect(publicHtml).not.toMatch(/StoryEditor|tiptap/i);
  });

  it('the preview may be framed by the studio only; every other page still refuses framing', async () => {
    const created = await saved(
      await call(server, editor, 'POST', '/api/admin/stories', story('framed-preview', { doc: { type: 'doc', content: [paragraph('Framed.')] } })),
    );
    const { url } = (await (await call(server, editor, 'POST', `/api/admin/stories/${created.id}/preview`, {})).json()) as { url: string };
    const preview = await server.fetch(new URL(url).pathname + new URL(url).search, { headers: { accept: 'text/html' } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(preview.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(preview.headers.get('content-security-policy')).not.toMatch(/frame-ancestors 'none'/);
    const blog = await page('/blog');
    expect(blog.headers.get('x-frame-options')).toBe('DENY');
    expect(blog.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  it('tells an open editor the saved version and who saved it', async () => {
    const created = await saved(await call(server, editor, 'POST', '/api/admin/stories', story('two-writers', { doc: { type: 'doc', content: [paragraph('One.')] } })));
    const first = (await (await call(server, editor, 'GET', `/api/admin/stories/${created.id}/version`)).json()) as { version: number; savedBy: { name: string } };
    expect([first.version, first.savedBy.name]).toEqual([1, 'Edie Editor']);
    expect((await call(server, owner, 'PATCH', `/api/admin/stories/${created.id}`, { version: 1, doc: { type: 'doc', content: [paragraph('Two.')] } })).status).toBe(200);
    const second = (await (await call(server, editor, 'GET', `/api/admin/stories/${created.id}/version`)).json()) as { version: number; savedBy: { name: string } };
    expect([second.version, second.savedBy.name]).toEqual([2, 'Owner']);
    expect((await call(server, editor, 'GET', '/api/admin/stories/999999/version')).status).toBe(404);
    expect((await call(server, null, 'GET', `/api/admin/stories/${created.id}/version`)).status).toBe(401);
  });

  it('finds spots in the guide to embed, never an archived or closed one', async () => {
    const search = async (q: string) =>
      ((await (await call(server, editor, 'GET', `/api/admin/stories/spots?q=${encodeURIComponent(q)}`)).json()) as { spots: { id: number; name: string }[] }).spots;
    expect((await search(open.name)).map((s) => s.id)).toContain(open.id);
    expect(await search(closed.name)).not.toContainEqual(expect.objectContaining({ id: closed.id }));
    expect(await search(archived.name)).not.toContainEqual(expect.objectContaining({ id: archived.id }));
    expect(await search('%')).toEqual([]);
    expect((await search('')).length).toBe(8);
  });
});

describe('old bodies', () => {
  it('are converted once at start-up, with the same text, leaving their version and date alone', async () => {
    await db.run(sql`INSERT INTO blog_posts (title, slug, author, content, category, tags, status, version, updated_at, created_at)
      VALUES ('Old one', 'old-markup-story', 'Priya', ${'An <strong>old</strong> opening.\n\n<strong>Heading</strong>\nA second line & more.'}, 'Hidden Gem', '[]', 'draft', 4, 1000, 1000)`);
    expect(await convertStoryBodies(db)).toBe(1);
    expect(await convertStoryBodies(db)).toBe(0);
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'old-markup-story'));
    expect(row!.content).toBe('<p>An <strong>old</strong> opening.</p>\n<p><strong>Heading</strong><br />A second line &amp; more.</p>');
    expect(row!.doc?.content.map((block) => block.type)).toEqual(['paragraph', 'paragraph']);
    expect([row!.version, row!.updatedAt.getTime()]).toEqual([4, 1000]);
  });
});
