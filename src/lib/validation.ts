import { z } from './zod';

/** A story slug: lowercase words joined by hyphens. */
export const slugSchema = z
  .string()
  .max(120, 'Slug is too long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug must be lowercase words joined by hyphens');

/** A positive database id taken from a URL segment. */
export const idParamSchema = z
  .string()
  .regex(/^\d{1,12}$/, 'Id must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive('Id must be a positive whole number'));

/** Field → first message, for showing errors next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
