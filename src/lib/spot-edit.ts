import { z } from './zod';
import { NewSpotInput } from './new-spot';
import { SPOT_STATUSES } from './spot-status';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 1 ? 1 : 0))
  .default(0);
const base = NewSpotInput.shape;

/**
 * Every field an editor can change on a spot, as the editor form and PATCH /api/admin/spots/{id}
 * accept them. A PATCH sends only what changed: the server lays it over the spot as it is and
 * checks the whole result with this schema, so the rules across fields hold after every edit.
 */
export const SpotFieldsInput = z
  .object({
    name: base.name,
    category: base.category,
    /** Our take: may be empty while the spot is a draft (publishing needs it). */
    description: z.string({ error: 'Description is required' }).trim().max(2000, 'Description must be at most 2000 characters'),
    /** An image link (or one of the site's own images); null shows the category's illustration. Changing it drops an uploaded photo. */
    imageUrl: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(1000, 'Image URL is too long')
        .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)\S*$/.test(v), 'Image URL must be a valid http(s) URL')
        .nullable(),
    ),
    /** A photo just stored by POST /api/admin/uploads (null keeps the picture as it is). */
    photoKey: base.photoKey,
    mapsUrl: z.preprocess(blankToNull, base.mapsUrl.nullable()),
    website: base.website,
    featured: base.featured,
    featuredOrder: z.preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z.number({ error: 'Home page order must be a number' }).int('Home page order must be a whole number').min(1, 'Home page order starts at 1').max(999).nullable(),
    ),
    tags: base.tags,
    neighbourhood: base.neighbourhood,
    address: base.address,
    latitude: base.latitude,
    longitude: base.longitude,
    priceLevel: base.priceLevel,
    hook: base.hook,
    knowBefore: base.knowBefore,
    insiderTip: base.insiderTip,
    hours: base.hours,
    noFixedHours: flag,
    status: z.enum(SPOT_STATUSES, { error: 'Status must be open, temporarily-closed, permanently-closed or moved' }),
    closedUntil: z.preprocess(blankToNull, z.iso.date({ error: 'Closed until is a date, YYYY-MM-DD' }).nullable()),
    statusNote: z.preprocess(blankToNull, z.string().trim().max(200, 'The closure note must be at most 200 characters').nullable()),
    movedToId: z.preprocess(blankToNull, z.coerce.number({ error: 'Choose the spot it moved to' }).int().positive().nullable()),
    draft: flag,
  })
  .refine((spot) => (spot.latitude === null) === (spot.longitude === null), { message: 'Give both latitude and longitude, or neither', path: ['longitude'] })
  .refine((spot) => spot.status !== 'temporarily-closed' || spot.closedUntil !== null, {
    message: 'Say until when it is closed',
    path: ['closedUntil'],
  })
  .refine((spot) => spot.status !== 'moved' || spot.movedToId !== null, { message: 'Choose the spot it moved to', path: ['movedToId'] });
export type SpotFields = z.infer<typeof SpotFieldsInput>;

/** What a PATCH carries besides the changed fields. */
export const SpotEditMeta = z.object({
  /** The version the editor opened (the spot's `version`): a newer one means someone else saved first. */
  version: z.coerce.number({ error: 'The version of the spot you opened is required' }).int().min(0),
  /** Mark the spot as checked by an editor today. */
  verified: z.boolean().default(false),
  /** A short public line for the spot page's change log ("New winter hours"); none keeps the change private. */
  publicLine: z.preprocess(blankToNull, z.string().trim().max(120, 'The public change log line must be at most 120 characters').nullable().default(null)),
});

/** A new spot saved as a draft: a name and a category are enough. */
export const DraftSpotInput = z.object({ name: base.name, category: base.category });

/**
 * A position from a Google Maps link: `@33.49,-111.92`, `?q=33.49,-111.92`, `ll=` or the
 * `!3d…!4d…` pair of a place link; null when the link holds none.
 */
export function positionFromMapsUrl(link: string): { latitude: number; longitude: number } | null {
  const number = String.raw`(-?\d{1,3}(?:\.\d+)?)`;
  const patterns = [
    new RegExp(String.raw`!3d${number}!4d${number}`),
    new RegExp(String.raw`@${number},${number}`),
    new RegExp(String.raw`[?&](?:q|ll|query)=${number},\s*${number}`),
  ];
  for (const pattern of patterns) {
    const match = decodeURIComponent(link).match(pattern);
    if (!match) continue;
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { latitude, longitude };
  }
  return null;
}
