import { describe, expect, it } from 'vitest';
import { cityDateTime } from '../../src/lib/city-time';
import type { NewsletterDigest } from '../../src/server/newsletter/digest';
import { escapeHtml, renderNewsletter } from '../../src/server/newsletter/email';
import { spotTeaser } from '../../src/lib/spot-teaser';
import { newsletterDue } from '../../src/server/newsletter/schedule';
import { cleanNote } from '../../src/server/newsletter/note-text';

const SUNDAY = new Date('2026-11-22T07:00:00.000Z'); // 00:00 in Phoenix (UTC-7, no DST)
const SITE = 'https://scottsdale.example';
const UNSUBSCRIBE = `${SITE}/unsubscribe?token=7.signature`;

function digest(overrides: Partial<NewsletterDigest> = {}): NewsletterDigest {
  return {
    weekStart: SUNDAY,
    weekLabel: 'Nov 22 – Nov 28, 2026',
    weekParam: '2026-11-22',
    events: [
      {
        title: 'Canal Convergence <Night> & Lights',
        startDate: cityDateTime(SUNDAY, 4, '18:30'),
        location: 'Scottsdale Waterfront',
        link: 'https://www.experiencescottsdale.com/events/canal',
        isTrending: true,
      },
      { title: 'Farmers Market', startDate: cityDateTime(SUNDAY, 6, '08:00'), location: null, link: 'javascript:alert(1)', isTrending: false },
    ],
    eventCount: 5,
    newSpots: [
      {
        name: 'Saguaro "Secret" Trail',
        category: 'hike',
        categoryLabel: 'Hike',
        teaser: spotTeaser('A quiet loop. '.repeat(30)),
        imageUrl: '/images/spots/hike.svg',
        tags: ['New'],
      },
      { name: 'Rooftop Bar', category: 'drinks', categoryLabel: 'Drinks', teaser: 'Views.', imageUrl: 'https://cdn.example/bar.png', tags: [] },
      { name: 'Odd Image', category: 'food', categoryLabel: 'Food', teaser: 'Tacos.', imageUrl: 'data:image/svg+xml,<svg/>', tags: [] },
    ],
    stories: [
      {
        title: 'Old Town After Dark',
        slug: 'old-town-after-dark',
        excerpt: 'Where locals go.',
        category: 'Weekend Guide',
        heroImage: '/images/stories/weekend-guide.svg',
      },
    ],
    editorNote: '',
    ...overrides,
  };
}

const render = (d = digest(), now = new Date('2026-11-26T16:00:00Z')) => renderNewsletter(d, { siteUrl: SITE, unsubscribeUrl: UNSUBSCRIBE, now });

describe('the newsletter email', () => {
  it('names the week and the number of events in the subject', () => {
    expect(render().subject).toBe('Scottsdale Weekly: 5 events this week (Nov 22 – Nov 28, 2026)');
    expect(render(digest({ events: [], eventCount: 1 })).subject).toBe('Scottsdale Weekly: 1 event this week (Nov 22 – Nov 28, 2026)');
    expect(render(digest({ events: [], eventCount: 0 })).subject).toBe('Scottsdale Weekly: your week in Scottsdale (Nov 22 – Nov 28, 2026)');
  });

  it('escapes every value taken from the data', () => {
    const { html } = render();
    expect(html).toContain('Canal Convergence &#60;Night&#62; &#38; Lights');
    expect(html).not.toContain('<Night>');
    expect(html).toContain('Saguaro &#34;Secret&#34; Trail');
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;');
  });

  it('uses absolute links to the site, and never a non-http link from scraped data', () => {
    const { html, text } = render();
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
    expect(hrefs.length).toBeGreaterThan(8);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\//);
    expect(hrefs).toContain('https://www.experiencescottsdale.com/events/canal');
    expect(hrefs).toContain(`${SITE}/events?week=2026-11-22`);
    expect(hrefs).toContain(`${SITE}/blog/old-town-after-dark`);
    expect(hrefs).toContain(`${SITE}/spots?q=Saguaro%20%22Secret%22%20Trail`);
    expect(hrefs).toContain(`${SITE}/launch`);
    expect(hrefs).toContain(UNSUBSCRIBE);
    expect(html).not.toContain('javascript:');
    expect(text).not.toContain('javascript:');
    expect(text).toContain(`Unsubscribe with one click: ${UNSUBSCRIBE}`);
  });

  it('shows raster images with alt text and sizes (mail clients drop SVG)', () => {
    const { html } = render();
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBe(6); // mark, hero, three spots, one story
    for (const img of images) {
      expect(img).toMatch(/ alt="[^"]+"/);
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ src="https:\/\/[^"]+\.(jpg|png)"/);
    }
    expect(html).toContain(`src="${SITE}/email/spots-hike.jpg"`);
    expect(html).toContain('src="https://cdn.example/bar.png"');
    expect(html).toContain(`src="${SITE}/email/spots-food.jpg"`); // the data: URL falls back to the category image
    expect(html).toContain(`src="${SITE}/email/stories-weekend-guide.jpg"`); // the story's own artwork, as JPEG
  });

  it("sends an uploaded photo's 480 px JPEG, and the hero when a story has no picture", () => {
    const key = 'a'.repeat(32);
    const { html } = render(
      digest({
        newSpots: [{ name: 'Photo Spot', category: 'hike', categoryLabel: 'Hike', teaser: 'A view.', imageUrl: `/uploads/${key}/1600.jpg`, tags: [] }],
        stories: digest().stories.map((story) => ({ ...story, heroImage: null })),
      }),
    );
    expect(html).toContain(`src="${SITE}/uploads/${key}/480.jpg"`);
    expect(html).not.toContain('1600.jpg');
    expect((html.match(new RegExp(`src="${SITE}/email/hero.jpg"`, 'g')) ?? []).length).toBeGreaterThanOrEqual(2);
  });

  it('lays out with tables and inline styles, with no stylesheet or script', () => {
    const { html } = render();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<table role="presentation" width="600"');
    expect(html).not.toMatch(/<style|<script|<link /i);
    expect(html).toContain('<title>Scottsdale Weekly: 5 events this week (Nov 22 – Nov 28, 2026)</title>');
  });

  it('has a plain-text part with the same content', () => {
    const { text } = render();
    expect(text).toContain('SCOTTSDALE WEEKLY · Nov 22 – Nov 28, 2026');
    expect(text).toContain('* Thu, Nov 26 · 6:30 PM: Canal Convergence <Night> & Lights (Trending)');
    expect(text).toContain('  Scottsdale Waterfront');
    expect(text).toContain(`  ${SITE}/events?week=2026-11-22`); // the unsafe link's fallback
    expect(text).toContain(`See all 5 events: ${SITE}/events?week=2026-11-22`);
    expect(text).toContain('* Saguaro "Secret" Trail (Hike)');
    expect(text).toContain('* Old Town After Dark');
    expect(text).not.toMatch(/<(table|td|p|a|img|br)\b/i);
    const descriptionLine = text.split('\n').find((l) => l.startsWith('  A quiet loop.'))!;
    expect(descriptionLine).toBe(`  ${'A quiet loop. '.repeat(6)}A quie…`);
  });

  it('says when the week has no events or no new spots', () => {
    const { html, text } = render(digest({ events: [], eventCount: 0, newSpots: [] }));
    expect(html).toContain('No events are listed for the rest of this week yet.');
    expect(html).toContain(`${SITE}/suggest`);
    expect(text).toContain('No new spots this week. Know one we should add? https://scottsdale.example/suggest');
  });

  it('pitches premium at the price that applies on the day', () => {
    expect(render(digest(), new Date('2025-11-20T16:00:00Z')).text).toContain('Founding Member Rate $4.99/month, locked forever');
    const after = render(digest(), new Date('2026-11-26T16:00:00Z')).text;
    expect(after).toContain('every hidden gem for $2.99/month');
    expect(after).toContain('30-day money-back guarantee');
    expect(after).not.toContain('Founding');
  });

  it('quotes the prices read from Stripe, and no founding rate when none is configured', () => {
    const offer = { regular: { amount: '$3.49', per: 'month', perShort: 'mo' }, founding: null, foundingUntil: '2099-12-31T06:59:59.999Z' };
    const text = renderNewsletter(digest(), { siteUrl: SITE, unsubscribeUrl: UNSUBSCRIBE, now: new Date('2026-11-26T16:00:00Z'), offer }).text;
    expect(text).toContain('every hidden gem for $3.49/month');
    expect(text).not.toContain('Founding');
  });
});

describe('when the scheduler sends', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2026-11-26T15:59:00Z', false], // Thursday 8:59 in Phoenix
    ['2026-11-26T16:00:00Z', true], // Thursday 9:00
    ['2026-11-27T06:59:00Z', true], // Thursday 23:59
    ['2026-11-27T18:00:00Z', true], // Friday: a server that was down Thursday catches up
    ['2026-11-29T06:59:00Z', true], // Saturday 23:59
    ['2026-11-29T07:00:00Z', false], // Sunday 00:00: a new week
    ['2026-11-25T23:00:00Z', false], // Wednesday
  ])('%s → %s', (iso, due) => {
    expect(newsletterDue(at(iso))).toBe(due);
  });
});

describe("the editor's note", () => {
  it('opens the issue in both parts: escaped in the HTML with its paragraphs and line breaks, as typed in the text', () => {
    const note = 'Hello <img src=x onerror=alert(1)> & "friends"\nline two\n\nSecond paragraph';
    const { html, text } = render(digest({ editorNote: note }));
    expect(html).toContain('From the editor');
    expect(html).toContain('Hello &#60;img src=x onerror=alert(1)&#62; &#38; &#34;friends&#34;<br>line two</p>');
    expect(html).toContain('>Second paragraph</p>');
    expect(html).not.toContain('<img src=x');
    expect(text).toContain(`FROM THE EDITOR\n\n${'Hello <img src=x onerror=alert(1)> & "friends"\nline two'}\n\nSecond paragraph\n\nTHIS WEEK'S EVENTS`);
  });

  it('leaves no empty box when there is none', () => {
    const { html, text } = render(digest({ editorNote: '  \n\n ' }));
    expect(html).not.toContain('From the editor');
    expect(text).not.toContain('FROM THE EDITOR');
  });

  it('is stored without control characters, direction overrides, trailing spaces or runs of blank lines', () => {
    expect(cleanNote('  a\u0000b\u202e c  \r\n\r\n\r\n\td\u200b\u0007  ')).toBe('ab c\n\n\td');
  });
});
