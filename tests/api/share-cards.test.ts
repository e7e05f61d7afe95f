/**
 * Share cards: every page names a 1200×630 JPEG made from its picture, name and the guide's
 * identity, with its alt text; a card is drawn once and kept until what it shows changes, and an
 * uploaded photo is used when the spot has one.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { spots } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { crawl, metaTags, publicRoutes, type CrawledPage } from '../support/crawl';

let server: TestServer;
let db: Database;
let pages: CrawledPage[];

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase({ url: server.databaseUrl });
  pages = await crawl(server, await publicRoutes(server));
}, 120_000);
afterAll(() => server?.stop());

const cardOf = async (path: string) => metaTags(await (await server.fetch(path)).text())['og:image']!;
const fetchCard = async (url: string) => {
  const response = await server.fetch(new URL(url).pathname + new URL(url).search);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
const cardFile = (url: string) => {
  const version = new URL(url).searchParams.get('v')!;
  return join(server.uploadDir, '.share-cards', `${version}.jpg`);
};

describe('every page', () => {
  it('names an absolute 1200×630 JPEG card with its size, type and alt text, for Open Graph and X alike; each one is that picture', async () => {
    const cards = new Map<string, string>();
    for (const { path, html } of pages) {
      const tags = metaTags(html);
      expect(tags['og:image'], path).toMatch(new RegExp(`^${server.url}/share/(spot|story|page)/[a-z0-9-]+\\.jpg\\?v=[0-9a-f]{16}$`));
      expect(tags, path).toMatchObject({
        'og:image:type': 'image/jpeg',
        'og:image:width': '1200',
        'og:image:height': '630',
        'twitter:card': 'summary_large_image',
        'twitter:image': tags['og:image'],
      });
      expect(tags['og:image:alt'], path).toMatch(/^.+ \(.+\), Scottsdale Local Guide$/);
      cards.set(tags['og:image']!, path);
    }
    // A card of its own for every spot and Story page, and for the main pages.
    expect(cards.size).toBeGreaterThan(pages.filter((p) => /^\/(spots|blog)\/./.test(p.path)).length);
    for (const [url, path] of cards) {
      const { response, bytes } = await fetchCard(url);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('image/jpeg');
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, path).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    }
  }, 120_000);

  it('spot, Story and main-page cards say what they show', () => {
    const alt = (path: string) => metaTags(pages.find((p) => p.path === path)!.html)['og:image:alt'];
    expect(alt('/spots/pinnacle-peak-trail')).toBe('Pinnacle Peak Trail (Hike), Scottsdale Local Guide');
    expect(alt('/events')).toBe('Events Calendar: what’s on this week (Events), Scottsdale Local Guide');
    expect(alt('/')).toBe('Curated spots, hikes, events and stories from locals (Scottsdale, Arizona), Scottsdale Local Guide');
    const story = pages.find((p) => p.path.startsWith('/blog/'))!;
    expect(alt(story.path)).toMatch(/^.+ \(Story · .+\), Scottsdale Local Guide$/);
  });
});

describe('a card', () => {
  it('is drawn once and kept; a changed spot gets a new card at a new address', async () => {
    const first = await cardOf('/spots/sunrise-trail');
    const kept = statSync(cardFile(first));
    const again = await fetchCard(first);
    expect(again.response.status).toBe(200);
    expect(statSync(cardFile(first)).mtimeMs).toBe(kept.mtimeMs);
    const cached = await server.fetch(new URL(first).pathname + new URL(first).search, { headers: { 'if-none-match': again.response.headers.get('etag')! } });
    expect(cached.status).toBe(304);

    await db.update(spots).set({ name: 'Sunrise Trail at Dawn', updatedAt: new Date() }).where(eq(spots.slug, 'sunrise-trail'));
    const renamed = await cardOf('/spots/sunrise-trail');
    expect(new URL(renamed).pathname).toBe(new URL(first).pathname);
    expect(renamed).not.toBe(first);
    const made = await fetchCard(renamed);
    expect(made.response.status).toBe(200);
    expect(statSync(cardFile(renamed)).size).toBe(made.bytes.length);
  });

  it('uses the uploaded photo when the spot has one', async () => {
    const key = 'ab'.repeat(16);
    mkdirSync(join(server.uploadDir, key), { recursive: true });
    const red = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#d01010' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(server.uploadDir, key, '1600.jpg'), red);
    const photo = { key, width: 1600, height: 1067, widths: [1600], placeholder: 'data:image/webp;base64,AA' };
    await db
      .update(spots)
      .set({ photo, imageUrl: `/uploads/${key}/1600.jpg` })
      .where(eq(spots.slug, 'gateway-loop-trail'));

    const { bytes } = await fetchCard(await cardOf('/spots/gateway-loop-trail'));
    // The top of the card is the picture itself (the words and the shade sit low).
    const { data } = await sharp(bytes).extract({ left: 0, top: 0, width: 1200, height: 80 }).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(170);
    expect(data[1]).toBeLessThan(60);
    expect(data[2]).toBeLessThan(60);
  });

  it('answers 404 for an item that does not exist and 400 for a malformed address', async () => {
    const missing = await server.fetch('/share/spot/no-such-spot.jpg');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No share card for this address.' });
    expect((await server.fetch('/share/page/not-a-page.jpg')).status).toBe(404);
    const malformed = await server.fetch('/share/video/sunrise-trail.jpg');
    expect(malformed.status).toBe(400);
  });
});
