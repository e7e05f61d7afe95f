import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { blogPosts, spots } from '../../db/schema';
import { publishedStories } from '../../db/seed/stories/published';
import { startTestServer, type TestServer } from '../support/server';
import { newVisitor } from '../support/visitor';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FORMS_PER_MINUTE: '3', RATE_LIMIT_REACTIONS_PER_MINUTE: '5' } });
});
afterAll(() => server?.stop());

describe('security headers', () => {
  it.each(['/', '/spots', '/api/spots/featured', '/favicon.svg', '/no/such/page'])('%s carries the baseline headers', async (path) => {
    const response = await server.fetch(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('HSTS only when served over HTTPS: a client’s own X-Forwarded-Proto does not count without TRUST_PROXY', async () => {
    expect((await server.fetch('/')).headers.get('strict-transport-security')).toBeNull();
    const claimed = await server.fetch('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('compression and caching', () => {
  it.each([
    ['br', '/'],
    ['gzip', '/'],
    ['br', '/api/spots/top?limit=20'],
    ['gzip', '/api/events'],
  ])('%s for %s', async (encoding, path) => {
    const response = await server.fetch(path, { headers: { 'accept-encoding': encoding } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it('hashed assets are cached as immutable', async () => {
    const html = await (await server.fetch('/')).text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)?.[0];
    expect(asset).toBeDefined();
    const response = await server.fetch(asset!);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });
});

describe('write rate limits', () => {
  it('the 4th form post in a minute from one address is a 429 with Retry-After, and is not stored', async () => {
    const post = (email: string) =>
      server.fetch('/api/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`limit${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post('limit-last@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toBe('Too many requests. Please slow down and try again shortly.');
  });

  it('reaction clicks have their own, larger budget', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await server.fetch('/api/spots/1/love', { method: 'POST', headers: { origin: server.url } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('Content-Security-Policy', () => {
  it.each(['/', '/spots', '/blog', '/events', '/admin'])('%s allows only its own scripts: every inline script is listed by hash, no unsafe-inline', async (path) => {
    const response = await server.fetch(path);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    const html = await response.text();
    // Structured data (`type="application/ld+json"`) is a data block a browser never runs, so CSP does not govern it.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((body) => body.trim());
    // The home page has islands, whose inline loader must be allowed by its hash.
    if (path === '/') expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const body of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  });
  it('static files refuse framing too', async () => {
    expect((await server.fetch('/favicon.svg')).headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});

describe('revalidation of public reads', () => {
  /** A returning visitor: the server has no cookie to set. */
  const visitor = { cookie: '' };
  beforeAll(async () => {
    visitor.cookie = (await newVisitor(server.url)).cookie;
  });
  it.each(['/api/spots/top?limit=20', '/api/events', '/api/blog', '/api/top-restaurants'])('%s carries an ETag; the same tag gets a 304 without a body', async (path) => {
    const first = await server.fetch(path, { headers: visitor });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.fetch(path, { headers: { ...visitor, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await server.fetch(path, { headers: { ...visitor, 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });
  it('the spot list is shared like the other reads while nobody is locked out of it', async () => {
    const spots = await server.fetch('/api/spots');
    expect(spots.headers.get('cache-control')).toBe('no-cache');
    expect(spots.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(spots.headers.get('vary')).toMatch(/\bCookie\b/);
  });
});

describe('revalidation of pages', () => {
  /** A returning visitor: the server has nothing to set. */
  const visitor = { cookie: '' };
  beforeAll(async () => {
    visitor.cookie = (await newVisitor(server.url)).cookie;
  });
  const WEAK_TAG = /^W\/"[\w-]+"$/;

  it.each(['/', '/events', '/blog', `/blog/${publishedStories[0]!.slug}`, '/about'])(
    '%s carries an ETag; the same tag gets a 304 without a body, another tag the page',
    async (path) => {
      const first = await server.fetch(path, { headers: visitor });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(WEAK_TAG);
      const cacheControl = first.headers.get('cache-control');
      // Story pages too: a Story taken down must not linger in a browser's cache.
      expect(cacheControl).toBe('no-cache');
      const html = await first.text();
      expect(html).toMatch(/^<!DOCTYPE html>/i);

      const again = await server.fetch(path, { headers: { ...visitor, 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(cacheControl);
      expect(await again.text()).toBe('');

      const other = await server.fetch(path, { headers: { ...visitor, 'if-none-match': 'W/"something-else"' } });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).toBe(etag);
      expect(await other.text()).toBe(html);
    },
  );

  it('the tag stands for the page in every encoding, and HEAD answers like GET', async () => {
    const tags = [];
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await server.fetch('/', { headers: { ...visitor, 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      tags.push(response.headers.get('etag'));
    }
    expect(tags[0]).toMatch(WEAK_TAG);
    expect(new Set(tags)).toEqual(new Set([tags[0]]));

    const head = await server.fetch('/', { method: 'HEAD', headers: visitor });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(tags[0]);
    const headAgain = await server.fetch('/', { method: 'HEAD', headers: { ...visitor, 'if-none-match': tags[0]! } });
    expect(headAgain.status).toBe(304);
  });

  it('a first visit sets no cookie: a plain read is the same bytes for everyone, and a current copy gets a 304', async () => {
    const etag = (await server.fetch('/', { headers: visitor })).headers.get('etag')!;
    const stranger = await server.fetch('/');
    expect(stranger.headers.getSetCookie()).toEqual([]);
    expect(stranger.headers.get('etag')).toBe(etag);
    const firstVisit = await server.fetch('/', { headers: { 'if-none-match': etag } });
    expect(firstVisit.status).toBe(304);
    expect(firstVisit.headers.getSetCookie()).toEqual([]);
  });

  it('public pages and reads set no cookie and may be shared, a new visitor’s spot page too (it varies by cookie)', async () => {
    const slug = (await (await server.fetch('/api/blog', { headers: visitor })).json())[0].slug as string;
    for (const path of [`/blog/${slug}`, '/blog', '/', '/events', '/top-spots', '/about', '/api/spots/featured', '/api/events']) {
      const first = await server.fetch(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.getSetCookie(), path).toEqual([]);
      expect(first.headers.get('cache-control') ?? '', path).not.toMatch(/private|no-store/);
    }
    const spotPage = await server.fetch('/spots/taliesin-west');
    expect(spotPage.status).toBe(200);
    expect(spotPage.headers.getSetCookie()).toEqual([]);
    expect(spotPage.headers.get('cache-control')).not.toMatch(/private|no-store/);
    expect(spotPage.headers.get('vary')).toMatch(/\bCookie\b/i);
  });

  it.each(['/admin', '/account', '/success'])('%s, about one visitor, has no ETag', async (path) => {
    const response = await server.fetch(path, { headers: visitor });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
  });

  it('a page that is not found has no ETag', async () => {
    const response = await server.fetch('/blog/no-such-story', { headers: visitor });
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBeNull();
  });

  it('a page gets a new ETag once its content changes, and the old tag gets the new page', async () => {
    const tagOf = async (path: string) => (await server.fetch(path, { headers: visitor })).headers.get('etag')!;
    const homeTag = await tagOf('/');
    const blogTag = await tagOf('/blog');
    const storyPath = `/blog/${publishedStories[0]!.slug}`;
    const storyTag = await tagOf(storyPath);

    const db = openDatabase({ url: server.databaseUrl });
    const slug = `revalidation-${randomUUID().slice(0, 8)}`;
    try {
      const [featured] = await db.select({ id: spots.id, lovedCount: spots.lovedCount }).from(spots).where(eq(spots.featured, 1)).limit(1);
      await db
        .update(spots)
        .set({ lovedCount: sql`${spots.lovedCount} + 1` })
        .where(eq(spots.id, featured!.id));
      await db.insert(blogPosts).values({
        title: 'Freshly Published Story',
        slug,
        author: 'Revalidation Test',
        category: 'Hidden Gem',
        content: 'A story published straight into the database.',
        isPublished: true,
        publishedAt: new Date(),
      });
      await db.update(blogPosts).set({ title: 'An Edited Title' }).where(eq(blogPosts.slug, publishedStories[0]!.slug));

      const home = await server.fetch('/', { headers: { ...visitor, 'if-none-match': homeTag } });
      expect(home.status).toBe(200);
      expect(home.headers.get('etag')).toMatch(WEAK_TAG);
      expect(home.headers.get('etag')).not.toBe(homeTag);
      // The featured spots island's props, HTML-escaped in the page.
      const newCount = `&quot;lovedCount&quot;:[0,${featured!.lovedCount + 1}]`;
      expect((await home.text()).includes(newCount), `the home page shows ${newCount}`).toBe(true);

      const blog = await server.fetch('/blog', { headers: { ...visitor, 'if-none-match': blogTag } });
      expect(blog.status).toBe(200);
      expect(blog.headers.get('etag')).not.toBe(blogTag);
      expect(await blog.text()).toContain('Freshly Published Story');

      const story = await server.fetch(storyPath, { headers: { ...visitor, 'if-none-match': storyTag } });
      expect(story.status).toBe(200);
      expect(story.headers.get('etag')).not.toBe(storyTag);
      expect(await story.text()).toContain('An Edited Title');
    } finally {
      await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
      await db.update(blogPosts).set({ title: publishedStories[0]!.title }).where(eq(blogPosts.slug, publishedStories[0]!.slug));
      db.$client.close();
    }
  });
});

describe('precompressed assets', () => {
  it('hashed scripts and styles are sent from their build-time brotli or gzip copy, identical once decoded', async () => {
    const { statSync } = await import('node:fs');
    const html = await (await server.fetch('/')).text();
    const asset = html.match(/\/_astro\/[^"']+\.css/)![0];
    const plain = await (await server.fetch(asset, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const [encoding, suffix] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const response = await fetch(new URL(asset, server.url), { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // The length of the file written at build time: nothing was compressed for this request.
      expect(Number(response.headers.get('content-length'))).toBe(statSync(`dist/client${asset}.${suffix}`).size);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(response.headers.get('cache-control')).toMatch(/immutable/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // fetch decodes the body itself; compare with the uncompressed file.
      expect(await response.text()).toBe(plain);
    }
  });
  it('a path that escapes the assets folder is not served from disk', async () => {
    const response = await server.fetch('/_astro/..%2F..%2Fserver%2Fentry.mjs', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).not.toBe(200);
  });
});
