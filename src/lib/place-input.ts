import { z } from './zod';
import { PLACE_KINDS } from './catalog';
import { slugSchema } from './validation';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const webUrl = (label: string) => z.url({ protocol: /^https?$/, error: `${label} must be a valid http(s) URL` }).max(2000, `${label} is too long`);
const number = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`),
  );

export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;

/** A restaurant or activity as the Places desk and a CSV row write it. */
export const PlaceFields = z.object({
  kind: z.enum(PLACE_KINDS, { error: 'Kind is restaurant or activity' }),
  name: required('Name', 120),
  rating: number('Rating', 0, 5),
  location: required('Location', 120),
  tags: z
    .array(z.string().trim().min(1).max(40, 'Each tag is at most 40 characters'), { error: 'Tags must be a list' })
    .max(12, 'At most 12 tags')
    .transform((tags) => [...new Set(tags)]),
  /** Where "View" goes when the place is not one of our spots: a page about it. */
  link: webUrl('Link'),
  /** The picture: a web address or a path on this site (/images/…). */
  image: z.union([webUrl('Image'), z.string().regex(/^\/[\w\-./]+$/, 'Image must be a web address or a path such as /images/places/name.svg')], {
    error: 'Image must be a web address or a path such as /images/places/name.svg',
  }),
  priceRange: z.enum(PRICE_RANGES, { error: 'Price is $, $$, $$$ or $$$$' }),
  openingStatus: text('Opening text', 80),
  reviewCount: text('Reviews text', 40),
  highlight: text('Highlight', 200),
  /** A real booking page; the Reserve button shows only where one is stored. */
  reservationUrl: z.preprocess(blankToNull, webUrl('Reservation link').nullable()),
  latitude: z.preprocess(blankToNull, number('Latitude', -90, 90).nullable()),
  longitude: z.preprocess(blankToNull, number('Longitude', -180, 180).nullable()),
  /** The spot this place is (its page address); none when it is only a place. */
  spotSlug: z.preprocess(blankToNull, slugSchema.nullable()),
});

export const NewPlaceInput = PlaceFields.extend({
  tags: PlaceFields.shape.tags.default([]),
  openingStatus: PlaceFields.shape.openingStatus.default(''),
  reviewCount: PlaceFields.shape.reviewCount.default(''),
  highlight: PlaceFields.shape.highlight.default(''),
  reservationUrl: PlaceFields.shape.reservationUrl.default(null),
  latitude: PlaceFields.shape.latitude.default(null),
  longitude: PlaceFields.shape.longitude.default(null),
  /** Left out: linked to a spot of the same name (or a near one) when there is one. */
  spotSlug: PlaceFields.shape.spotSlug.optional(),
}).strict();
export type NewPlace = z.infer<typeof NewPlaceInput>;

export const PlaceChangeInput = PlaceFields.partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Send at least one field to change.' });
export type PlaceChange = z.infer<typeof PlaceChangeInput>;

export const PlacesDeskQuery = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  kind: z.enum(PLACE_KINDS, { error: 'kind is restaurant or activity' }).optional(),
  show: z.enum(['listed', 'archived', 'all'], { error: 'show is listed, archived or all' }).default('all'),
});

/** A name as people would match it: letter case, accents, punctuation and a leading "The" aside. */
export function normalisedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** How close a place must be to a spot whose name merely contains its own (or the other way) to be that spot. */
export const SAME_PLACE_METRES = 250;

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

interface Located {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The spot a place is, if any: the same name (normalised), or a name that contains the other
 * ("Cosanti" and "Cosanti Originals") within SAME_PLACE_METRES of it.
 */
export function sameSpot<S extends Located>(place: Located, spots: readonly S[]): S | null {
  const name = normalisedName(place.name);
  const exact = spots.find((spot) => normalisedName(spot.name) === name);
  if (exact) return exact;
  if (place.latitude === null || place.longitude === null || name.length < 4) return null;
  const here = { latitude: place.latitude, longitude: place.longitude };
  return (
    spots.find((spot) => {
      if (spot.latitude === null || spot.longitude === null) return false;
      const other = normalisedName(spot.name);
      const related = other.length >= 4 && (other.includes(name) || name.includes(other));
      return related && metresBetween(here, { latitude: spot.latitude, longitude: spot.longitude }) <= SAME_PLACE_METRES;
    }) ?? null
  );
}
