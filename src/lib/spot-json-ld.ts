import { type OpeningHours } from './opening-hours';
import { openingHoursSpecification } from './opening-hours-labels';
import { priceLabel, type KnowBeforeYouGo } from './spot-details';
import { nextOccurrence } from './calendar-links';
import { breadcrumbList, postalAddress, type JsonLd } from './json-ld';
import { canViewSpot } from './free-views';
import { isVenueSpot } from './spot-venue';
import type { SpotCategory } from './catalog';

/** The fields a spot page's structured data reads. */
export interface JsonLdSpot {
  name: string;
  slug: string;
  category: SpotCategory;
  description: string;
  hook: string | null;
  neighbourhood: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  priceLevel: number | null;
  hours: OpeningHours | null;
  website: string | null;
  knowBefore?: KnowBeforeYouGo | null;
}

/** A listed event held at a venue spot. */
export interface VenueEvent {
  title: string;
  description: string | null;
  startDate: Date;
  endDate: Date | null;
  /** The event's own page, when it has one. */
  link: string | null;
}

/** Parks, preserves and greenbelts are typed as parks; other trails and gems are tourist attractions. */
const PARK_NAME = /\b(park|preserve|greenbelt)\b/i;

function placeType(spot: Pick<JsonLdSpot, 'name' | 'category'>): string {
  switch (spot.category) {
    case 'food':
      return 'Restaurant';
    case 'drinks':
      return 'BarOrPub';
    case 'hike':
    case 'hidden-gem':
      return PARK_NAME.test(spot.name) ? 'Park' : 'TouristAttraction';
    case 'event':
      return /performing arts|theat/i.test(spot.name) ? 'PerformingArtsTheater' : 'EventVenue';
    default:
      return 'TouristAttraction';
  }
}

/** Types with `priceRange` (schema.org puts it on LocalBusiness). */
const PRICED_TYPES = new Set(['Restaurant', 'BarOrPub']);

/**
 * Search engines read a page as a visitor with no email and no cookies. The paywall markup is
 * meant for content such a visitor cannot read: it is added only when the free-view rule locks
 * that visitor out, which today it never does.
 */
export const PREMIUM_HIDDEN_FROM_CRAWLERS = !canViewSpot({ email: null, isActive: false, viewCount: 0 });

const EVENT_SCHEDULED = 'https://schema.org/EventScheduled';
const OFFLINE_EVENT = 'https://schema.org/OfflineEventAttendanceMode';

interface PageInfo {
  url: string;
  image: string;
  origin: string;
  now: Date;
  /** Listed events at a venue spot, soonest first. */
  venueEvents?: VenueEvent[];
  /** Whether the visitor type search engines are shows the premium section locked. */
  premiumHidden?: boolean;
}

/** The spot as a place: address, position, hours, price, picture and its own website. */
function placeOf(spot: JsonLdSpot, page: PageInfo, type: string): JsonLd {
  const geo = spot.latitude !== null && spot.longitude !== null ? { '@type': 'GeoCoordinates', latitude: spot.latitude, longitude: spot.longitude } : null;
  const hours = spot.hours ? openingHoursSpecification(spot.hours) : [];
  const price = priceLabel(spot.priceLevel);
  return {
    '@type': type,
    name: spot.name,
    url: page.url,
    image: page.image,
    description: spot.hook ?? spot.description,
    address: postalAddress(spot.address),
    ...(geo && { geo }),
    ...(hours.length > 0 && { openingHoursSpecification: hours }),
    ...(price && PRICED_TYPES.has(type) && { priceRange: price }),
    // Trails and hidden gems without a price are free to visit; the place says so, not the page.
    ...(spot.priceLevel === null && (spot.category === 'hike' || spot.category === 'hidden-gem') && { isAccessibleForFree: true }),
    ...(spot.website && { sameAs: spot.website }),
  };
}

function eventAt(place: JsonLd, event: { name: string; description: string | null; start: Date; end: Date | null; url: string; image: string }): JsonLd {
  return {
    '@type': 'Event',
    name: event.name,
    ...(event.description && { description: event.description }),
    url: event.url,
    image: event.image,
    startDate: event.start.toISOString(),
    ...(event.end && { endDate: event.end.toISOString() }),
    eventStatus: EVENT_SCHEDULED,
    eventAttendanceMode: OFFLINE_EVENT,
    location: place,
  };
}

/** What the page is about: a place, a venue with its events, or an event's next occurrence. */
function mainEntity(spot: JsonLdSpot, page: PageInfo): JsonLd {
  if (spot.category !== 'event') return placeOf(spot, page, placeType(spot));
  if (isVenueSpot(spot)) {
    const venue = placeOf(spot, page, placeType(spot));
    const location = { '@type': 'Place', name: spot.name, address: venue.address, ...(venue.geo ? { geo: venue.geo } : {}) };
    const events = (page.venueEvents ?? []).map((event) =>
      eventAt(location, {
        name: event.title,
        description: event.description,
        start: event.startDate,
        end: event.endDate,
        url: event.link && /^https?:\/\//i.test(event.link) ? event.link : `${page.origin}/events`,
        image: page.image,
      }),
    );
    return { ...venue, ...(events.length > 0 && { event: events }) };
  }
  const next = spot.hours ? nextOccurrence(spot.hours, page.now) : null;
  // Without a coming date there is no event to describe: the page is about the place it happens at.
  if (!next) return placeOf(spot, page, 'TouristAttraction');
  const place = placeOf(spot, page, 'Place');
  const location = { '@type': 'Place', name: spot.name, address: place.address, ...(place.geo ? { geo: place.geo } : {}) };
  return {
    ...eventAt(location, { name: spot.name, description: spot.hook ?? spot.description, start: next.start, end: next.end, url: page.url, image: page.image }),
    ...(spot.website && { sameAs: spot.website }),
  };
}

/**
 * schema.org JSON-LD for a spot page: a WebPage whose main entity is the spot, with breadcrumbs.
 * The paywall markup (not free, naming the premium section's selector) belongs to the page, and
 * only when the visitor type search engines are would find that section locked.
 */
export function spotJsonLd(spot: JsonLdSpot, page: PageInfo): JsonLd {
  const premiumHidden = page.premiumHidden ?? PREMIUM_HIDDEN_FROM_CRAWLERS;
  return {
    '@type': 'WebPage',
    '@id': page.url,
    url: page.url,
    name: spot.name,
    description: spot.hook ?? spot.description,
    breadcrumb: breadcrumbList(page.origin, [
      { name: 'Home', path: '/' },
      { name: 'Spots', path: '/spots' },
      { name: spot.name, path: `/spots/${encodeURIComponent(spot.slug)}` },
    ]),
    mainEntity: mainEntity(spot, page),
    ...(premiumHidden && {
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.spot-premium' },
    }),
  };
}
