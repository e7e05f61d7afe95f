import { and, desc, asc, eq } from 'drizzle-orm';
import { places } from '../../../db/schema';
import type { PlaceKind } from '../../lib/catalog';
import { database } from '../db/database';

/**
 * Restaurants or activities as the API sends them (spec §3), best rated first; the list island
 * re-sorts on the client as the visitor asks.
 */
export async function topPlaces(kind: PlaceKind) {
  const db = await database();
  return db
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
    })
    .from(places)
    .where(and(eq(places.kind, kind)))
    .orderBy(desc(places.rating), asc(places.name));
}
