import { z } from './zod';
import { SUGGESTION_MIN_DESCRIPTION } from './constants';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A visitor's spot suggestion (spec §5); the same rules run in the form and on the server. */
export const SuggestionInput = z.object({
  spotName: z.string({ error: 'Spot name is required' }).trim().min(1, 'Spot name is required').max(120, 'Spot name must be at most 120 characters'),
  description: z
    .string({ error: `Description must be at least ${SUGGESTION_MIN_DESCRIPTION} characters` })
    .trim()
    .min(SUGGESTION_MIN_DESCRIPTION, `Description must be at least ${SUGGESTION_MIN_DESCRIPTION} characters`)
    .max(2000, 'Description must be at most 2000 characters'),
  link: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Must be a valid URL' })
      .trim()
      .max(500, 'Must be a valid URL')
      .pipe(z.url({ protocol: /^https?$/, error: 'Must be a valid URL' }))
      .nullable()
      .default(null),
  ),
  submitterName: z.preprocess(blankToNull, z.string().trim().max(80, 'Name must be at most 80 characters').nullable().default(null)),
});
export type SuggestionInput = z.infer<typeof SuggestionInput>;
