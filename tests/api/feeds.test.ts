import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../../db/client';
import { blogPosts, events, spots } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: Database;
let lateId: number;

// Tomorrow 22:30 to 01:00 the day after, Scottsdale time (UTC-7 all year).
const day = new Date(Date.now() + 86_400_000);
const LATE = {
  title: 'Midnight Mariachi on Main Street',
  start: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 22 + 7, 30)),
  location: 'Main Street Plaza, Old Town, Scottsdale',
};
const LATE_END = new Date(LATE.start.getTime() + 150 * 60_000);

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase({ url: server.databaseUrl });
  const [row] = await db
    .insert(events)
    .values({
      title: LATE.title,
      startDate: LATE.start,
      endDate: LATE_END,
      location: LATE.location,
      eventType: 'Nightlife',
      source: 'manual',
      description: 'Trumpets until one.',
    })
    .returning({ id: events.id });
  lateId = row!.id;
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const host = () => new URL(server.url).host;

describe('/events.ics', () => {
  it('is an iCalendar feed of upcoming events that round-trips, midnight-crossing event included', async () => {
    const response = await server.fetch('/events.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const parsed = vevents(await response.text());
    expect(parsed.length).toBeGreaterThan(5);
    const late = parsed.find((e) => e.summary === LATE.title)!;
    expect(late.uid).toBe(`event-${lateId}@${host()}`);
    expect(new Date(late.start).toISOString()).toBe(LATE.start.toISOString());
    expect(new Date(late.end!).toISOString()).toBe(LATE_END.toISOString());
    expect(late.location).toBe(LATE.location);
    for (const event of parsed) expect(new Date(event.end!).getTime()).toBeGreaterThan(Date.now() - 6 * 3_600_000);
  });

  it('keeps its UIDs from one request to the next and answers a matching If-None-Match with 304', async () => {
    const first = await server.fetch('/events.ics');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await server.fetch('/events.ics');
    expect(again.headers.get('etag')).toBe(etag);
    expect(vevents(await again.text()).map((e) => e.uid)).toEqual(vevents(await first.text()).map((e) => e.uid));
    const cached = await server.fetch('/events.ics', { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
  });

  it('?category= narrows it to one event type; a bad value is a plain 400', async () => {
    const nightlife = vevents(await (await server.fetch('/events.ics?category=Nightlife')).text());
    expect(nightlife.map((e) => e.summary)).toContain(LATE.title);
    const food = vevents(await (await server.fetch(`/events.ics?category=${encodeURIComponent('Food & Drink')}`)).text());
    expect(food.length).toBeGreaterThan(0);
    expect(food.map((e) => e.summary)).not.toContain(LATE.title);
    for (const bad of ['category=', `category=${'x'.repeat(200)}`, 'category=%3Cscript%3E', 'colour=red']) {
      const response = await server.fetch(`/events.ics?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toMatch(/^Bad request: /);
    }
  });

  it('shows events added later and drops deleted ones', async () => {
    const before = await server.fetch('/events.ics');
    const [added] = await db
      .insert(events)
      .values({ title: 'Pop-up Poetry at the Canal', startDate: new Date(Date.now() + 3 * 86_400_000), source: 'manual' })
      .returning({ id: events.id });
    const withIt = await server.fetch('/events.ics', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(withIt.status).toBe(200);
    expect(vevents(await withIt.text()).map((e) => e.uid)).toContain(`event-${added!.id}@${host()}`);
    await db.delete(events).where(eq(events.id, added!.id));
    expect(vevents(await (await server.fetch('/events.ics')).text()).map((e) => e.summary)).not.toContain('Pop-up Poetry at the Canal');
  });
});

describe('one event or event spot as .ics', () => {
  it('/events/{id}.ics downloads that event', async () => {
    const response = await server.fetch(`/events/${lateId}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    const [event, ...rest] = vevents(await response.text());
    expect(rest).toEqual([]);
    expect(event!.uid).toBe(`event-${lateId}@${host()}`);
    expect(new Date(event!.end!).toISOString()).toBe(LATE_END.toISOString());
    expect((await server.fetch('/events/99999999.ics')).status).toBe(404);
    expect((await server.fetch('/events/abc.ics')).status).toBe(400);
  });

  it('/spots/{slug}.ics gives an event spot its next date, and other spots nothing', async () => {
    const [market] = await db.select({ slug: spots.slug, name: spots.name }).from(spots).where(eq(spots.category, 'event')).limit(1);
    const response = await server.fetch(`/spots/${market!.slug}.ics`);
    expect(response.status).toBe(200);
    const [event] = vevents(await response.text());
    expect(event!.summary).toBe(market!.name);
    expect(new Date(event!.start).getTime()).toBeGreaterThan(Date.now());
    const [food] = await db.select({ slug: spots.slug }).from(spots).where(eq(spots.category, 'food')).limit(1);
    expect((await server.fetch(`/spots/${food!.slug}.ics`)).status).toBe(404);
  });
});

const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('story feeds', () => {
  it('/blog/rss.xml is RSS 2.0 with the newest published stories in full', async () => {
    const response = await server.fetch('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = new XMLParser({ ignoreAttributes: false }).parse(await response.text());
    expect(doc.rss['@_version']).toBe('2.0');
    const { channel } = doc.rss;
    expect(channel.title).toBeTruthy();
    expect(channel.link).toBe(`${server.url}/blog`);
    expect(channel.description).toBeTruthy();
    const items = [channel.item].flat();
    const published = await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.isPublished, true));
    expect(items).toHaveLength(Math.min(20, published.length));
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.link).toMatch(new RegExp(`^${server.url}/blog/[a-z0-9-]+$`));
      expect(item.guid['#text']).toBe(item.link);
      expect(item.pubDate).toMatch(rfc822);
      expect(item['content:encoded']).toMatch(/^<(p|h2|h3|ul|blockquote)/);
      expect(item['content:encoded']).not.toMatch(/<script|onerror=/i);
    }
    const dates = items.map((i: { pubDate: string }) => Date.parse(i.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  const JsonFeed = z.object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string().min(1),
    home_page_url: z.url().optional(),
    feed_url: z.url().optional(),
    items: z.array(
      z
        .object({
          id: z.string().min(1),
          url: z.url().optional(),
          title: z.string().optional(),
          content_html: z.string().optional(),
          content_text: z.string().optional(),
          date_published: z.iso.datetime({ offset: true }).optional(),
        })
        .refine((item) => item.content_html !== undefined || item.content_text !== undefined, 'an item needs content_html or content_text'),
    ),
  });

  it('/blog/feed.json is JSON Feed 1.1 with absolute links, revalidated by ETag', async () => {
    const response = await server.fetch('/blog/feed.json');
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = JsonFeed.parse(await response.json());
    expect(feed.feed_url).toBe(`${server.url}/blog/feed.json`);
    expect(feed.items.length).toBeGreaterThan(0);
    for (const item of feed.items) expect(item.url).toBe(item.id);
    const cached = await server.fetch('/blog/feed.json', { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(cached.status).toBe(304);
  });

  it('every page names both feeds in its head', async () => {
    for (const path of ['/', '/events', '/blog']) {
      const html = await (await server.fetch(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain('<link rel="alternate" type="application/rss+xml"');
      expect(head, path).toContain('<link rel="alternate" type="application/feed+json"');
    }
  });
});
