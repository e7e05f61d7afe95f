import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_DISALLOWED, PUBLIC_PAGES } from '../../src/server/content/site-map';
import { startTestServer, type TestServer } from '../support/server';
import { preferredEncoding } from '../../src/server/http/content-coding.mjs';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('not found', () => {
  it.each(['/404', '/404/', '/no/such/page'])('%s is the 404 page with status 404 Not Found', async (path) => {
    const response = await server.fetch(path);
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(await response.text()).toContain('404 Page Not Found');
  });

  it('an unknown story is 404 Not Found, not "404 OK"', async () => {
    const response = await server.fetch('/blog/no-such-story');
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(await response.text()).toContain('Post Not Found');
  });

  it('other statuses keep their own reason phrase', async () => {
    const response = await server.fetch('/api/spots/top', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.statusText).toBe('Method Not Allowed');
  });
});

describe('favicon, robots.txt and sitemap.xml', () => {
  it('/favicon.ico is an icon file', async () => {
    const response = await server.fetch('/favicon.ico');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });

  it('/robots.txt keeps crawlers out of private pages and the API and names the sitemap', async () => {
    const response = await server.fetch('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of CRAWLER_DISALLOWED) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('/sitemap.xml lists every public page, every spot page and every published story, each of which answers 200', async () => {
    const response = await server.fetch('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const stories = (await (await server.fetch('/api/blog')).json()) as { slug: string }[];
    expect(stories.length).toBeGreaterThan(0);
    // Every spot in the guide, page by page (the leaderboard leaves out spots out of season, whose pages still stand).
    const spotSlugs: string[] = [];
    for (let page = 1; ; page++) {
      const { spots, total } = (await (await server.fetch(`/api/spots?sort=newest&page=${page}`)).json()) as { spots: { slug: string }[]; total: number };
      spotSlugs.push(...spots.map((s) => s.slug));
      if (spots.length === 0 || spotSlugs.length >= total) break;
    }
    expect(spotSlugs.length).toBeGreaterThan(40);
    const expected = [...PUBLIC_PAGES, ...spotSlugs.map((slug) => `/spots/${slug}`), ...stories.map((s) => `/blog/${s.slug}`)].map((path) => `${server.url}${path}`);
    expect(locations.sort()).toEqual(expected.sort());
    for (const location of locations) expect((await fetch(location)).status, location).toBe(200);
    expect(xml).not.toMatch(/\/(admin|account|success|api)\b/);
  });
});

describe('Accept-Encoding q-values', () => {
  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br, gzip', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('a refused brotli is never sent, for pages and for precompressed assets', async () => {
    const html = await (await server.fetch('/')).text();
    const asset = html.match(/\/_astro\/[^"]+\.js/)![0];
    for (const path of ['/', asset]) {
      const response = await server.fetch(path, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
    }
    const none = await server.fetch(asset, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers.get('content-encoding')).toBeNull();
  });
});
