import { z } from 'zod';

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
