import { z } from './zod';

/** The most spots one saved list holds. */
export const SAVED_MAX = 200;

const spotId = z.number().int('Spot ids are whole numbers').positive('Spot ids are positive').max(999_999_999_999);

/** POST /api/saved: spots to add to the signed-in user's list (a browser's whole list at sign-in). */
export const SaveSpotsInput = z.object({
  spotIds: z.array(spotId).min(1, 'Name at least one spot to save').max(SAVED_MAX, `A saved list holds at most ${SAVED_MAX} spots`),
});

/** GET /api/saved?ids=3,1,2: the spots of a browser's own list, for a visitor who is not signed in. */
export const SavedQuery = z.object({
  ids: z
    .string()
    .max(SAVED_MAX * 13)
    .regex(/^\d{1,12}(,\d{1,12})*$/, 'ids must be spot ids separated by commas')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(spotId).max(SAVED_MAX, `A saved list holds at most ${SAVED_MAX} spots`))
    .optional(),
});
