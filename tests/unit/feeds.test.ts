import { XMLParser } from 'fast-xml-parser';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_MINUTES, entryTimes, googleCalendarUrl, outlookCalendarUrl, utcStamp } from '../../src/lib/calendar-links';
import { eventsFeedIcs, FeedQuery, singleEventIcs, type IcsEvent } from '../../src/server/content/calendar';
import { jsonFeed, rssXml, type FeedStory } from '../../src/server/content/feeds';

const ORIGIN = 'https://guide.example';

const lateShow: IcsEvent = {
  uid: 'event-7',
  title: 'Late Show, Comedy & Friends',
  start: new Date('2026-03-14T05:30:00Z'), // 22:30 Friday in Scottsdale
  end: new Date('2026-03-14T08:00:00Z'), // 01:00 Saturday
  description: 'Stand-up; semicolons, commas and a\nline break.',
  location: 'Old Town, Scottsdale, AZ',
  url: 'https://guide.example/events',
  stamp: new Date('2026-03-01T00:00:00Z'),
  category: 'Nightlife',
};

function vevents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

describe('calendar links', () => {
  it('an event without an end lasts an hour; times are UTC stamps', () => {
    const { start, end } = entryTimes({ start: '2026-03-14T02:00:00.000Z', end: null });
    expect(end.getTime() - start.getTime()).toBe(DEFAULT_EVENT_MINUTES * 60_000);
    expect(utcStamp(start)).toBe('20260314T020000Z');
  });

  it('Google and Outlook links carry title, times, details and place', () => {
    const google = new URL(googleCalendarUrl({ ...lateShow }));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('text')).toBe('Late Show, Comedy & Friends');
    expect(google.searchParams.get('dates')).toBe('20260314T053000Z/20260314T080000Z');
    expect(google.searchParams.get('location')).toBe('Old Town, Scottsdale, AZ');
    expect(google.searchParams.get('details')).toContain('More: https://guide.example/events');
    const outlook = new URL(outlookCalendarUrl({ ...lateShow }));
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(outlook.searchParams.get('subject')).toBe('Late Show, Comedy & Friends');
    expect(outlook.searchParams.get('startdt')).toBe('2026-03-14T05:30:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-03-14T08:00:00Z');
    expect(outlook.searchParams.get('body')).toContain('Stand-up');
  });
});

describe('iCalendar files', () => {
  it('one event round-trips through an independent parser, across midnight, with a stable UID', () => {
    const text = singleEventIcs(lateShow, ORIGIN);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain('DTSTART:20260314T053000Z');
    expect(singleEventIcs(lateShow, ORIGIN)).toBe(text);
    const [event] = vevents(text);
    expect(event?.uid).toBe('event-7@guide.example');
    expect(event?.summary).toBe(lateShow.title);
    expect(event?.location).toBe(lateShow.location);
    expect(event?.description).toContain('line break.');
    expect(new Date(event!.start).toISOString()).toBe('2026-03-14T05:30:00.000Z');
    expect(new Date(event!.end!).toISOString()).toBe('2026-03-14T08:00:00.000Z');
  });

  it('the feed holds every event, named after its category', () => {
    const second = { ...lateShow, uid: 'event-8', title: 'Morning Market', start: new Date('2026-03-14T15:00:00Z'), end: null };
    const text = eventsFeedIcs([lateShow, second], ORIGIN, 'Nightlife');
    expect(text).toContain('X-WR-CALNAME:Scottsdale Local Guide: Nightlife');
    const parsed = vevents(text);
    expect(parsed.map((e) => e.uid)).toEqual(['event-7@guide.example', 'event-8@guide.example']);
    expect(new Date(parsed[1]!.end!).getTime() - new Date(parsed[1]!.start).getTime()).toBe(60 * 60_000);
  });

  it('the category filter takes the calendar types and refuses junk', () => {
    expect(FeedQuery.parse({ category: 'Food & Drink' })).toEqual({ category: 'Food & Drink' });
    expect(FeedQuery.parse({})).toEqual({});
    for (const bad of [{ category: '' }, { category: 'x'.repeat(81) }, { category: '<script>' }, { category: 'Music\r\nX' }, { other: '1' }]) {
      expect(FeedQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

const story = (id: number, extra: Partial<FeedStory> = {}): FeedStory => ({
  id,
  title: `Story ${id} & more`,
  url: `${ORIGIN}/blog/story-${id}`,
  summary: 'A short <summary>.',
  contentHtml: '<p>Full text with ]]> inside.</p>',
  author: 'Maya',
  category: 'Hidden Gem',
  image: `${ORIGIN}/images/blog/x.svg`,
  published: new Date(Date.UTC(2026, 0, id)),
  updated: new Date(Date.UTC(2026, 0, id + 1)),
  ...extra,
});

describe('story feeds', () => {
  it('RSS 2.0: channel, items with RFC 822 dates and the full content', () => {
    const xml = rssXml(ORIGIN, [story(2), story(1, { summary: null })]);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss.channel.link).toBe(`${ORIGIN}/blog`);
    const items = doc.rss.channel.item;
    expect(items).toHaveLength(2);
    expect(items[0].title).toBe('Story 2 & more');
    expect(items[0].guid['#text']).toBe(`${ORIGIN}/blog/story-2`);
    expect(items[0].pubDate).toBe('Fri, 02 Jan 2026 00:00:00 GMT');
    expect(items[0]['content:encoded']).toBe('<p>Full text with ]]> inside.</p>');
    expect(items[1].description).toBeUndefined();
  });

  it('JSON Feed 1.1: version, absolute ids and urls, content_html', () => {
    const feed = jsonFeed(ORIGIN, [story(3)]);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${ORIGIN}/blog/feed.json`);
    expect(feed.items[0]).toMatchObject({ id: `${ORIGIN}/blog/story-3`, content_html: '<p>Full text with ]]> inside.</p>', date_published: '2026-01-03T00:00:00.000Z' });
  });
});
