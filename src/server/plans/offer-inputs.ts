import { z } from 'zod';
import { endOfCityDay } from '../members/inputs';

const cityDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-31`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} is not a real date`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** An offer as an Editor sends it; dates are Scottsdale days (starts at the day's start, ends at its end). */
export const OfferBody = z
  .object({
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'Code must be 3 to 40 letters, digits, dashes or underscores'),
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    kind: z.enum(['percent', 'amount', 'trial'], { error: 'Kind must be percent, amount or trial' }),
    percentOff: whole('Percent off', 1, 100).optional(),
    /** Minor units (cents). */
    amountOff: whole('Amount off', 1, 100_000).optional(),
    duration: z.enum(['once', 'repeating', 'forever'], { error: 'Duration must be once, repeating or forever' }).optional(),
    durationMonths: whole('Months', 1, 36).optional(),
    trialDays: whole('Trial days', 1, 90).optional(),
    startsOn: cityDate('Start date'),
    endsOn: cityDate('End date'),
    maxRedemptions: whole('Redemption cap', 1, 1_000_000).optional(),
  })
  .superRefine((offer, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (offer.kind === 'percent') need(offer.percentOff !== undefined, 'percentOff', 'Percent off is required for a percent offer');
    if (offer.kind === 'amount') need(offer.amountOff !== undefined, 'amountOff', 'Amount off is required for an amount offer');
    if (offer.kind === 'trial') need(offer.trialDays !== undefined, 'trialDays', 'Trial days are required for a trial');
    else need(offer.duration !== undefined, 'duration', 'Duration is required for a discount');
    if (offer.duration === 'repeating') need(offer.durationMonths !== undefined, 'durationMonths', 'Months are required for a discount that repeats');
    need(offer.endsOn >= offer.startsOn, 'endsOn', 'The end date must be on or after the start date');
  })
  .transform(({ startsOn, endsOn, ...offer }) => ({
    ...offer,
    startsAt: new Date(Date.parse(`${startsOn}T00:00:00.000-07:00`)),
    endsAt: endOfCityDay(endsOn),
  }));

export type OfferInput = z.output<typeof OfferBody>;

/**
 * A change to an existing offer: end it now, or move its end date and cap (null lifts the cap).
 * Ending now stands alone; otherwise at least one of the two is sent.
 */
export const OfferChangeBody = z
  .object({
    endNow: z.literal(true, { error: 'endNow must be true' }).optional(),
    endsOn: cityDate('End date').optional(),
    maxRedemptions: whole('Redemption cap', 1, 1_000_000).nullable().optional(),
  })
  .superRefine((change, ctx) => {
    const edits = change.endsOn !== undefined || change.maxRedemptions !== undefined;
    if (change.endNow && edits) ctx.addIssue({ code: 'custom', path: ['endNow'], message: 'Either end the offer now or change its end date and cap, not both' });
    if (!change.endNow && !edits) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'Send endNow, an end date or a redemption cap' });
  })
  .transform(({ endsOn, ...change }) => ({ ...change, endsAt: endsOn === undefined ? undefined : endOfCityDay(endsOn) }));

export type OfferChange = z.output<typeof OfferChangeBody>;
