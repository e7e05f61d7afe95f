import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { places, spots } from '../../../db/schema';
import type { PlaceKind } from '../../lib/catalog';
import { openingStatus } from '../../lib/opening-hours';
import { openingLabel } from '../../lib/opening-hours-labels';
import { database } from '../db/database';

/**
 * Restaurants or activities as the API sends them (spec §3), best rated first; the list island
 * re-sorts on the client as the visitor asks. `openingStatus` is worked out from the structured
 * hours (city time) when the place has them; the browser keeps it current from `hours`.
 * A place that is also a spot carries the spot's page address (`spotSlug`): its card opens our own
 * page. `reservationAvailable` says a real booking page (`reservationUrl`) is stored. Archived
 * places are left out.
 */
export async function topPlaces(kind: PlaceKind, now: Date = new Date()) {
  const db = await database();
  const rows = await db
    .select({
      id: places.id,
      name: places.name,
      rating: places.rating,
      location: places.location,
      tags: places.tags,
      link: places.link,
      image: places.image,
      priceRange: places.priceRange,
      openingStatus: places.openingStatus,
      reviewCount: places.reviewCount,
      highlight: places.highlight,
      reservationAvailable: sql<boolean>`${places.reservationUrl} is not null`.mapWith(Boolean),
      reservationUrl: places.reservationUrl,
      spotSlug: spots.slug,
      hours: places.hours,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .leftJoin(spots, and(eq(spots.id, places.spotId), isNull(spots.archivedAt)))
    .where(and(eq(places.kind, kind), isNull(places.archivedAt)))
    .orderBy(desc(places.rating), asc(places.name));
  return rows.map((place) => (place.hours ? { ...place, openingStatus: openingLabel(openingStatus(place.hours, now), now) } : place));
}
