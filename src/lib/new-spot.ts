import { z } from './zod';
import { SPOT_CATEGORIES, SPOT_TAGS } from './catalog';
import type { OpeningHours } from './opening-hours';
import { PHOTO_KEY_PATTERN } from './photo';

const webUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1000, `${label} is too long`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a valid http(s) URL` }));
const optionalUrl = (label: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), webUrl(label).nullable().default(null));

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (label: string, max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().default(null));
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`)
      .nullable()
      .default(null),
  );
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Times are HH:MM, 24-hour');
const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Dates are MM-DD');

const cityDay = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const special = z
  .array(
    z
      .object({ from: cityDay, to: cityDay, open: clock.optional(), close: clock.optional(), note: z.string().trim().max(120).optional() })
      .refine((day) => day.from <= day.to, { message: 'A special date ends on or after it starts', path: ['to'] })
      .refine((day) => (day.open === undefined) === (day.close === undefined), {
        message: 'Give both the opening and the closing time, or neither (closed)',
        path: ['close'],
      }),
  )
  .max(60, 'At most 60 special dates')
  .optional();

/** Structured opening hours (src/lib/opening-hours.ts), as the admin form and the server accept them. */
export const OpeningHoursInput = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('always'), note: z.string().trim().max(200).optional(), special }),
    z.object({ kind: z.literal('daylight'), note: z.string().trim().max(200).optional(), special }),
    z.object({
      kind: z.literal('weekly'),
      special,
      rules: z
        .array(
          z.object({
            days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one open day').max(7),
            open: clock,
            close: clock,
          }),
        )
        .min(1)
        .max(14),
      seasons: z
        .array(z.object({ from: monthDay, to: monthDay }))
        .max(4)
        .optional(),
      note: z.string().trim().max(200).optional(),
    }),
    // The patterns above are exactly OpeningHours' own (days 0–6, HH:MM, MM-DD).
  ])
  .transform((hours) => hours as OpeningHours);

/** A spot added by the admin (spec §5 Add spot); shared by the form and the server. */
export const NewSpotInput = z
  .object({
    name: z.string({ error: 'Spot name is required' }).trim().min(1, 'Spot name is required').max(120, 'Spot name must be at most 120 characters'),
    category: z.enum(SPOT_CATEGORIES, { error: 'Choose a category: food, drinks, hike, hidden-gem or event' }),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description must be at most 2000 characters'),
    /** Required unless a photo was uploaded (`photoKey`): then it names the photo's largest JPEG. */
    imageUrl: z.preprocess((v) => (v === undefined ? null : blankToNull(v)), webUrl('Image URL').nullable()),
    thumbnailUrl: optionalUrl('Thumbnail URL'),
    /** A photo stored by POST /api/admin/uploads. */
    photoKey: z.preprocess(blankToNull, z.string().regex(PHOTO_KEY_PATTERN, 'The uploaded photo is not known. Upload it again.').nullable().default(null)),
    mapsUrl: webUrl('Google Maps link'),
    website: optionalUrl('Website'),
    featured: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .transform((v) => (v === true || v === 1 ? 1 : 0))
      .default(0),
    tags: z
      .array(z.enum(SPOT_TAGS, { error: 'Unknown tag' }))
      .max(SPOT_TAGS.length)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    // The spot page's facts: all optional, so a spot can be added before they are known.
    neighbourhood: optionalText('Neighbourhood', 60),
    address: optionalText('Address', 200),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
    priceLevel: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z.number().int().min(1, 'Price is $ to $$$$').max(4, 'Price is $ to $$$$').nullable().default(null),
    ),
    hook: optionalText('The one-line hook', 90),
    knowBefore: z
      .object({
        bestTime: z.string().trim().min(1, 'Best time is required with the other two').max(220),
        parking: z.string().trim().min(1, 'Parking is required with the other two').max(220),
        bring: z.string().trim().min(1, 'What to order or bring is required with the other two').max(220),
      })
      .nullable()
      .default(null),
    insiderTip: optionalText('Insider tip', 280),
    hours: OpeningHoursInput.nullable().default(null),
  })
  .refine((spot) => spot.imageUrl !== null || spot.photoKey !== null, { message: 'Image URL is required (or upload a photo)', path: ['imageUrl'] })
  .refine((spot) => (spot.latitude === null) === (spot.longitude === null), {
    message: 'Give both latitude and longitude, or neither',
    path: ['longitude'],
  });
export type NewSpotInput = z.infer<typeof NewSpotInput>;
