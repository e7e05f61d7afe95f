import { breadcrumbList, postalAddress, type JsonLd } from './json-ld';

/** The fields of a listed event the /events page's structured data reads. */
export interface JsonLdEvent {
  title: string;
  description: string | null;
  startDate: Date;
  endDate: Date | null;
  location: string | null;
  link: string | null;
}

/** How many coming events the list names: the next few weeks, not the whole year. */
export const EVENTS_LIST_LIMIT = 30;

/** One listed event: where it is (by its listed place, in Scottsdale), when, and its own page when it has one. */
export function eventJsonLd(event: JsonLdEvent, origin: string, image?: string): JsonLd {
  const ownPage = event.link && /^https?:\/\//i.test(event.link) ? event.link : null;
  return {
    '@type': 'Event',
    name: event.title,
    ...(event.description && { description: event.description }),
    url: ownPage ?? `${origin}/events`,
    ...(image && { image }),
    startDate: event.startDate.toISOString(),
    ...(event.endDate && event.endDate > event.startDate && { endDate: event.endDate.toISOString() }),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location ?? 'Scottsdale', address: postalAddress(null) },
  };
}

/**
 * The /events page: a CollectionPage whose main entity is the list of the coming events (those
 * not over yet), soonest first. `image` is the picture listed events show (they have none of their own).
 */
export function eventsPageJsonLd(events: JsonLdEvent[], origin: string, now: Date, image?: string): JsonLd {
  const coming = events.filter((event) => (event.endDate ?? event.startDate) >= now).slice(0, EVENTS_LIST_LIMIT);
  return {
    '@type': 'CollectionPage',
    '@id': `${origin}/events`,
    url: `${origin}/events`,
    name: 'Events Calendar',
    breadcrumb: breadcrumbList(origin, [
      { name: 'Home', path: '/' },
      { name: 'Events', path: '/events' },
    ]),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: coming.length,
      itemListElement: coming.map((event, index) => ({ '@type': 'ListItem', position: index + 1, item: eventJsonLd(event, origin, image) })),
    },
  };
}
