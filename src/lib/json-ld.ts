import { SITE_NAME } from './constants';

/**
 * The pieces of schema.org JSON-LD several pages share: the publisher, breadcrumbs, a postal
 * address read from the one-line form the guide stores, and the safe way to put a block in a page.
 */

export type JsonLd = Record<string, unknown>;

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** The guide itself, as the publisher of its pages and Stories. */
export function publisher(origin: string): JsonLd {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: absolute(origin, '/'),
    logo: { '@type': 'ImageObject', url: absolute(origin, '/icons/icon-512.png'), width: 512, height: 512 },
  };
}

/** Home › … › this page; each step is a name and the path it lives at. */
export function breadcrumbList(origin: string, steps: { name: string; path: string }[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(origin, step.path) })),
  };
}

/**
 * The parts of an address written `street, city, AZ 85251`: the city is the one the address names
 * (a spot in Phoenix or Paradise Valley says so), Scottsdale when there is none.
 */
export function postalAddress(address: string | null): JsonLd {
  const parts = (address ?? '').split(',').map((part) => part.trim());
  const base = { '@type': 'PostalAddress', addressRegion: 'AZ', addressCountry: 'US' };
  if (parts.length < 3) return { ...base, addressLocality: 'Scottsdale' };
  const postalCode = parts.at(-1)!.match(/\b\d{5}\b/)?.[0];
  return { ...base, streetAddress: parts.slice(0, -2).join(', '), addressLocality: parts.at(-2)!, ...(postalCode && { postalCode }) };
}

/** A block ready for `<script type="application/ld+json">`: `<` is escaped so no text can close the element. */
export function jsonLdScript(data: JsonLd): string {
  return JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
}
