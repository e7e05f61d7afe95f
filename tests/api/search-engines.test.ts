/**
 * What search engines read on every public page: its JSON-LD, checked against the schema.org
 * vocabulary and Google's rich-result rules, and its HTML, checked by html-validate. Every route
 * (the sitemap's and the other public pages) is fetched once, as a crawler does: no cookies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HtmlValidate } from 'html-validate';
import ical, { type VEvent } from 'node-ical';
import htmlValidateConfig from '../../.htmlvalidate.mjs';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { blogPosts, spots } from '../../db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { crawl, publicRoutes, type CrawledPage } from '../support/crawl';
import { jsonLdBlocks, structuredDataFindings } from '../support/structured-data';

// JSON-LD is read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ld = Record<string, any>;

let server: TestServer;
let pages: CrawledPage[];
const page = (path: string) => pages.find((p) => p.path === path)!;
const ldOf = (path: string) => jsonLdBlocks(page(path).html) as Ld[];

beforeAll(async () => {
  server = await startTestServer();
  pages = await crawl(server, await publicRoutes(server));
}, 120_000);
afterAll(() => server?.stop());

describe('the crawl', () => {
  it('reaches every public route: 9 main pages, every spot and Story, the list tabs, and the not-found page', () => {
    expect(pages.filter((p) => p.status !== 200).map((p) => `${p.path} ${p.status}`)).toEqual(['/no-such-page 404']);
    expect(pages.filter((p) => p.path.startsWith('/spots/')).length).toBeGreaterThan(40);
    expect(pages.filter((p) => p.path.startsWith('/blog/')).length).toBeGreaterThan(5);
  });
});

describe('structured data', () => {
  it('every page validates: schema.org types and properties, and the rich-result required fields, with no warnings', async () => {
    const findings: Record<string, string[]> = {};
    for (const { path, html } of pages) {
      const found = await structuredDataFindings(html);
      if (found.length) findings[path] = found;
    }
    expect(findings).toEqual({});
  });

  it('the validator fails the markup the pages used to carry: paywall on the place, an Event without a date, an unknown property', async () => {
    const old = {
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Old shape',
      address: { '@type': 'PostalAddress', addressLocality: 'Scottsdale' },
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.spot-premium' },
    };
    const event = { '@context': 'https://schema.org', '@type': 'Event', name: 'No date', location: { '@type': 'Place', name: 'Somewhere' }, startTime: '19:00' };
    const html = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
    expect(await structuredDataFindings(html(old))).toEqual([
      'WARNING Restaurant:0: Property "hasPart" for type "Restaurant" is not supported by the schema.org specification',
      'Restaurant#0: Restaurant carries paywall markup',
    ]);
    expect(await structuredDataFindings(html(event))).toEqual([
      'WARNING Event:0: Property "startTime" for type "Event" is not supported by the schema.org specification',
      'Event#0: Event needs startDate',
      'Event#0: Event needs eventStatus',
      'Event#0: Event needs location with a name and an address',
    ]);
  });

  it('a spot page is a WebPage about the place, typed by what it is, with breadcrumbs and no paywall markup (a crawler reads the whole page)', () => {
    const types = Object.fromEntries(
      pages
        .filter((p) => p.path.startsWith('/spots/'))
        .map((p) => {
          const [ld] = jsonLdBlocks(p.html) as Ld[];
          expect(ld!['@type']).toBe('WebPage');
          expect(ld!.isAccessibleForFree).toBeUndefined();
          expect(ld!.hasPart).toBeUndefined();
          expect(ld!.breadcrumb.itemListElement.map((i: Ld) => i.name)).toEqual(['Home', 'Spots', ld!.mainEntity.name]);
          return [p.path, ld!.mainEntity['@type']];
        }),
    );
    expect(types['/spots/citizen-public-house']).toBe('Restaurant');
    expect(types['/spots/scottsdale-center-for-the-performing-arts']).toBe('PerformingArtsTheater');
    expect(new Set(Object.values(types))).toEqual(new Set(['Restaurant', 'BarOrPub', 'TouristAttraction', 'Park', 'Event', 'PerformingArtsTheater']));
    const trail = ldOf('/spots/pinnacle-peak-trail')[0]!.mainEntity;
    expect(trail).toMatchObject({ '@type': 'TouristAttraction', isAccessibleForFree: true, geo: { '@type': 'GeoCoordinates' } });
    const restaurant = ldOf('/spots/citizen-public-house')[0]!.mainEntity;
    expect(restaurant.priceRange).toMatch(/^\$+$/);
    expect(restaurant.address.streetAddress).toBeTruthy();
    expect(restaurant.openingHoursSpecification.length).toBeGreaterThan(0);
  });

  it('an event spot is an Event on the date of its next occurrence, the one its .ics gives; the venue is a place with its listed events, and its .ics is no event', async () => {
    const eventSpots = pages.filter((p) => p.path.startsWith('/spots/') && (jsonLdBlocks(p.html)[0] as Ld).mainEntity['@type'] === 'Event');
    expect(eventSpots.length).toBe(8);
    for (const { path, html } of eventSpots) {
      const event = (jsonLdBlocks(html)[0] as Ld).mainEntity;
      const ics = await server.fetch(`${path}.ics`);
      expect(ics.status, path).toBe(200);
      const [vevent] = Object.values(ical.sync.parseICS(await ics.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
      expect(event.startDate, path).toBe(new Date(vevent!.start).toISOString());
      expect(event.endDate, path).toBe(new Date(vevent!.end!).toISOString());
      expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
      expect(event.location['@type']).toBe('Place');
    }
    const venue = ldOf('/spots/scottsdale-center-for-the-performing-arts')[0]!.mainEntity;
    expect(venue.address.streetAddress).toBe('7380 E 2nd St');
    expect(venue.event.length).toBeGreaterThan(0);
    for (const event of venue.event) expect(event.location.name).toBe('Scottsdale Center for the Performing Arts');
    const venueIcs = await server.fetch('/spots/scottsdale-center-for-the-performing-arts.ics');
    expect(venueIcs.status).toBe(404);
    expect(await venueIcs.json()).toEqual({ message: 'This spot has no upcoming date to add to a calendar.' });
    expect(page('/spots/scottsdale-center-for-the-performing-arts').html).not.toContain('Add to calendar');
  });

  it('a Story is a BlogPosting with headline, raster image, dates, author and publisher, plus its breadcrumbs', () => {
    for (const { path, html } of pages.filter((p) => p.path.startsWith('/blog/'))) {
      const [posting, breadcrumb] = jsonLdBlocks(html) as Ld[];
      expect(posting).toMatchObject({ '@type': 'BlogPosting', publisher: { '@type': 'Organization', name: 'Scottsdale Local Guide' } });
      expect(posting!.image.url ?? posting!.image, path).toMatch(/\.(jpe?g|png|webp)(\?v=[0-9a-f]{16})?$/);
      expect(posting!.author.name).toBeTruthy();
      expect(breadcrumb!['@type']).toBe('BreadcrumbList');
    }
  });

  it('/events is a list of the coming Events, soonest first', () => {
    const [collection] = ldOf('/events');
    expect(collection!['@type']).toBe('CollectionPage');
    const list = collection!.mainEntity;
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement.length).toBe(list.numberOfItems);
    expect(list.numberOfItems).toBeGreaterThan(5);
    const starts = list.itemListElement.map((item: Ld) => Date.parse(item.item.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(list.itemListElement.every((item: Ld) => item.item['@type'] === 'Event')).toBe(true);
  });
});

describe('calendars, sitemap and feed', () => {
  it('a calendar file ends with CRLF; an event spot’s names its street address and GEO', async () => {
    const spot = await (await server.fetch('/api/spots/by-slug/old-town-scottsdale-farmers-market')).json();
    const text = await (await server.fetch('/spots/old-town-scottsdale-farmers-market.ics')).text();
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Long lines are folded (CRLF and a space); unfolded, each property is one line.
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('LOCATION:Old Town Scottsdale Farmers Market\\, 3806 N Brown Ave\\, Scottsdale\\, AZ 85251\r\n');
    expect(unfolded).toContain(`GEO:${spot.spot.latitude};${spot.spot.longitude}\r\n`);
    const feed = await (await server.fetch('/events.ics')).text();
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('the sitemap gives each spot, Story and /events its real last change', async () => {
    const xml = await (await server.fetch('/sitemap.xml')).text();
    const lastmod = (path: string) => new RegExp(`<loc>${server.url}${path}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    const db = openDatabase({ url: server.databaseUrl });
    const [spot] = await db.select().from(spots).where(eq(spots.slug, 'the-mission'));
    expect(lastmod('/spots/the-mission')).toBe((spot!.updatedAt ?? spot!.createdAt).toISOString());
    const spotEntries = [...xml.matchAll(/<loc>[^<]*\/spots\/[^<]+<\/loc>(<lastmod>[^<]+<\/lastmod>)?/g)];
    expect(spotEntries.filter((m) => !m[1])).toEqual([]);
    // A material revision after publication moves a Story's lastmod; a mere re-save does not.
    const [story] = await db.select().from(blogPosts).where(eq(blogPosts.isPublished, true)).limit(1);
    expect(lastmod(`/blog/${story!.slug}`)).toBe(story!.publishedAt!.toISOString());
    const revised = new Date(story!.publishedAt!.getTime() + 86_400_000);
    await db.update(blogPosts).set({ revisedAt: revised }).where(eq(blogPosts.id, story!.id));
    // Another address than the first read, so no kept copy of it answers.
    const after = await (await server.fetch('/sitemap.xml?after-revision')).text();
    expect(after).toContain(`<loc>${server.url}/blog/${story!.slug}</loc><lastmod>${revised.toISOString()}</lastmod>`);
    expect(Date.parse(lastmod('/events')!)).toBeGreaterThan(0);
    expect(lastmod('/about')).toBeUndefined();
  });

  it('the JSON Feed gives each Story its author both ways, JSON Feed 1.0 and 1.1', async () => {
    const feed = await (await server.fetch('/blog/feed.json')).json();
    expect(feed.items.length).toBeGreaterThan(0);
    for (const item of feed.items) {
      expect(item.author).toEqual({ name: expect.any(String) });
      expect(item.authors).toEqual([item.author]);
    }
  });
});

describe('valid HTML', () => {
  it('html-validate reports no error on any route', async () => {
    const validator = new HtmlValidate(htmlValidateConfig);
    const errors: Record<string, string[]> = {};
    for (const { path, html } of pages) {
      const report = await validator.validateString(html);
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
      if (messages.length) errors[path] = messages;
    }
    expect(errors).toEqual({});
  });

  it('nothing follows </html>; the site name link is named by its visible words; no plain span carries aria-label', () => {
    for (const { path, html } of pages) {
      expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
      expect(html, path).not.toMatch(/<span(?![^>]*\brole=)[^>]*\baria-label=/);
    }
    const brand = /<a class="brand" href="\/" aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(page('/').html)!;
    const visible = brand[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    expect(visible).toBe('Scottsdale Local Guide');
    expect(brand[1]).toBe(visible);
  });
});
