import { and, desc, asc, eq } from 'drizzle-orm';
import { places } from '../../../db/schema';
import type { PlaceKind } from '../../lib/catalog';
import { openingLabel, openingStatus } from '../../lib/opening-hours';
import { database } from '../db/database';

/**
 * Restaurants or activities as the API sends them (spec §3), best rated first; the list island
 * re-sorts on the client as the visitor asks. `openingStatus` is worked out from the structured
 * hours (city time) when the place has them; the browser keeps it current from `hours`.
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
      reservationAvailable: places.reservationAvailable,
      hours: places.hours,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(and(eq(places.kind, kind)))
    .orderBy(desc(places.rating), asc(places.name));
  return rows.map((place) => (place.hours ? { ...place, openingStatus: openingLabel(openingStatus(place.hours, now), now) } : place));
}
