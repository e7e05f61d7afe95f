import { openingHoursSpecification, type OpeningHours } from './opening-hours';
import { priceLabel, type KnowBeforeYouGo } from './spot-details';
import type { SpotCategory } from './catalog';

/** The fields a spot page's structured data reads. */
export interface JsonLdSpot {
  name: string;
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

/**
 * The parts of an address written `street, city, AZ 85251`: the city is the one the address names
 * (a spot in Phoenix or Paradise Valley says so), Scottsdale when there is none.
 */
function postalParts(address: string | null): { streetAddress?: string; addressLocality: string; postalCode?: string } {
  const parts = (address ?? '').split(',').map((part) => part.trim());
  if (parts.length < 3) return { addressLocality: 'Scottsdale' };
  const postalCode = parts.at(-1)!.match(/\b\d{5}\b/)?.[0];
  return { streetAddress: parts.slice(0, -2).join(', '), addressLocality: parts.at(-2)!, ...(postalCode && { postalCode }) };
}

const TYPE_BY_CATEGORY: Record<SpotCategory, string> = {
  food: 'Restaurant',
  drinks: 'BarOrPub',
  hike: 'TouristAttraction',
  'hidden-gem': 'TouristAttraction',
  event: 'Event',
};

/**
 * schema.org JSON-LD for a spot page. The premium part is marked as not free, naming the CSS
 * selector of the part behind the paywall (Google's guidance for paywalled content); a locked
 * visitor's copy carries no premium value (the spot it is made from is already locked).
 */
export function spotJsonLd(spot: JsonLdSpot, page: { url: string; image: string }): Record<string, unknown> {
  const type = TYPE_BY_CATEGORY[spot.category];
  const geo = spot.latitude !== null && spot.longitude !== null ? { '@type': 'GeoCoordinates', latitude: spot.latitude, longitude: spot.longitude } : undefined;
  const address = { '@type': 'PostalAddress', ...postalParts(spot.address), addressRegion: 'AZ', addressCountry: 'US' };
  const place = { '@type': 'Place', name: spot.name, address, ...(geo && { geo }) };
  const hours = spot.hours ? openingHoursSpecification(spot.hours) : [];
  const price = priceLabel(spot.priceLevel);
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name: spot.name,
    url: page.url,
    image: page.image,
    description: spot.hook ?? spot.description,
    ...(type === 'Event' ? { location: place } : { address, ...(geo && { geo }) }),
    ...(hours.length && type !== 'Event' && { openingHoursSpecification: hours }),
    ...(price && type !== 'Event' && type !== 'TouristAttraction' && { priceRange: price }),
    ...(spot.website && { sameAs: spot.website }),
    isAccessibleForFree: false,
    hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.spot-premium' },
  };
}
