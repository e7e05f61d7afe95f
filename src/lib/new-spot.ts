import { z } from './zod';
import { SPOT_CATEGORIES, SPOT_TAGS } from './catalog';

const webUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1000, `${label} is too long`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a valid http(s) URL` }));
const optionalUrl = (label: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), webUrl(label).nullable().default(null));

/** A spot added by the admin (spec §5 Add spot); shared by the form and the server. */
export const NewSpotInput = z.object({
  name: z.string({ error: 'Spot name is required' }).trim().min(1, 'Spot name is required').max(120, 'Spot name must be at most 120 characters'),
  category: z.enum(SPOT_CATEGORIES, { error: 'Choose a category: food, drinks, hike, hidden-gem or event' }),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description must be at most 2000 characters'),
  imageUrl: webUrl('Image URL'),
  thumbnailUrl: optionalUrl('Thumbnail URL'),
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
});
export type NewSpotInput = z.infer<typeof NewSpotInput>;
