import { z } from 'zod';
import { emailSchema } from '../../lib/email';

export const SubscriptionInput = z.object({
  subscriptionId: z
    .string()
    .trim()
    .regex(/^sub_[A-Za-z0-9_]{1,250}$/, 'subscriptionId is not a Stripe subscription id'),
});
export const EmailInput = z.object({ email: emailSchema });
export const CompInput = z.object({
  email: emailSchema,
  /** The last day of access (YYYY-MM-DD): access ends at the end of that day, Scottsdale time (UTC−7, no daylight saving). */
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'until must be a date like 2026-12-31')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'until is not a real date'),
});

/** The end of a Scottsdale calendar day (the city keeps UTC−7 all year). */
export function endOfCityDay(date: string): Date {
  return new Date(Date.parse(`${date}T23:59:59.999-07:00`));
}

/** A label on a member: lower case, so "Press" and "press" are one label. */
export const LabelInput = z.object({
  email: emailSchema,
  label: z
    .string()
    .trim()
    .min(1, 'Type a label')
    .max(40, 'A label is 40 characters at most')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'’.-]*$/u, "A label has letters, numbers, spaces and - & ' . only, and starts with a letter or number")
    .transform((label) => label.replace(/\s+/g, ' ').toLowerCase()),
});
