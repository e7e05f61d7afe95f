import { describe, expect, it } from 'vitest';
import { PREMIUM_HIDDEN_FROM_CRAWLERS, spotJsonLd, type JsonLdSpot } from '../../src/lib/spot-json-ld';
import { spotCalendarEntry } from '../../src/lib/calendar-links';
import { shareCardVersion, spotCardContent } from '../../src/lib/share-card';
import { titleLines } from '../../src/server/share-cards/render';

const base: JsonLdSpot = {
  name: 'Thursday Market',
  slug: 'thursday-market',
  category: 'event',
  description: 'A market.',
  hook: null,
  neighbourhood: 'Old Town',
  address: '3806 N Brown Ave, Scottsdale, AZ 85251',
  latitude: 33.49,
  longitude: -111.92,
  priceLevel: null,
  hours: { kind: 'weekly', rules: [{ days: [4], open: '19:00', close: '21:00' }] },
  website: null,
};
const origin = 'https://guide.example';
// A Monday noon in Scottsdale (UTC−7): the next Thursday 7 PM is 2026-11-27T02:00Z.
const now = new Date('2026-11-23T19:00:00Z');
const page = { url: `${origin}/spots/thursday-market`, image: `${origin}/images/spots/event.svg`, origin, now };

describe('a spot page’s JSON-LD', () => {
  it('an event spot is an Event on its next occurrence, at a Place with the street address', () => {
    const ld = spotJsonLd(base, page);
    expect(ld.mainEntity).toMatchObject({
      '@type': 'Event',
      startDate: '2026-11-27T02:00:00.000Z',
      endDate: '2026-11-27T04:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Thursday Market', address: { streetAddress: '3806 N Brown Ave', postalCode: '85251' } },
    });
  });

  it('carries the paywall markup on the WebPage only, and only when crawlers would find the premium part locked', () => {
    expect(PREMIUM_HIDDEN_FROM_CRAWLERS).toBe(false);
    expect(spotJsonLd(base, page).hasPart).toBeUndefined();
    const locked = spotJsonLd({ ...base, category: 'food' }, { ...page, premiumHidden: true });
    expect(locked).toMatchObject({
      '@type': 'WebPage',
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.spot-premium' },
      mainEntity: { '@type': 'Restaurant' },
    });
    expect((locked.mainEntity as Record<string, unknown>).hasPart).toBeUndefined();
  });

  it('a venue is a place with its listed events, never an event made of its box-office hours', () => {
    const venue = { ...base, name: 'Scottsdale Center for the Performing Arts' };
    const show = { title: 'Jazz night', description: null, startDate: new Date('2026-12-01T03:00:00Z'), endDate: null, link: 'https://tickets.example/jazz' };
    const ld = spotJsonLd(venue, { ...page, venueEvents: [show] });
    expect(ld.mainEntity).toMatchObject({
      '@type': 'PerformingArtsTheater',
      event: [{ '@type': 'Event', name: 'Jazz night', startDate: '2026-12-01T03:00:00.000Z', url: 'https://tickets.example/jazz' }],
    });
    expect(spotCalendarEntry(venue, now)).toBeNull();
    expect(spotCalendarEntry(base, now)?.location).toBe('Thursday Market, 3806 N Brown Ave, Scottsdale, AZ 85251');
  });
});

describe('share cards', () => {
  it('a card’s version changes with its name or picture, not otherwise', () => {
    const card = spotCardContent({ name: 'A', category: 'hike', imageUrl: '/images/spots/a.svg', photo: null });
    expect(shareCardVersion(card)).toMatch(/^[0-9a-f]{16}$/);
    expect(shareCardVersion(card)).toBe(shareCardVersion({ ...card }));
    expect(shareCardVersion({ ...card, title: 'B' })).not.toBe(shareCardVersion(card));
    const photo = { key: 'ab'.repeat(16), width: 1600, height: 1000, widths: [480, 1600], placeholder: '' };
    expect(spotCardContent({ name: 'A', category: 'hike', imageUrl: '/uploads/x/1600.jpg', photo }).picture).toBe(`/uploads/${'ab'.repeat(16)}/1600.jpg`);
  });

  it('a long title wraps to three lines at most, the last one ending in an ellipsis', () => {
    expect(titleLines('The Perfect Scottsdale Weekend, From Sunrise Hike to Last Call on Old Town’s Patios', 26)).toEqual([
      'The Perfect Scottsdale',
      'Weekend, From Sunrise Hike',
      'to Last Call on Old Town’s…',
    ]);
  });
});
