import { z } from './zod';
import { EMAIL_MAX, EMAIL_MESSAGES, EMAIL_PATTERN } from './email-rule';

export { EMAIL_MAX };

/** An email address as the server accepts it: trimmed, lower-cased, well formed. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(EMAIL_MAX, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGES.invalid }))
  .transform((email) => email.toLowerCase());
