import { z } from './zod';

export const EMAIL_MAX = 254;

/** An email address as the server accepts it: trimmed, lower-cased, well formed. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());
