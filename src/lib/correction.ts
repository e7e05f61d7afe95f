import { z } from './zod';
import { emailSchema } from './email';

export const CORRECTION_KINDS = ['edit', 'closed'] as const;
export const CORRECTION_STATES = ['open', 'accepted', 'rejected'] as const;
export const THANKS_STATES = ['none', 'queued', 'sent', 'failed'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];
export type CorrectionState = (typeof CORRECTION_STATES)[number];

/**
 * The fields a reader may correct, with the label the form shows. Each is a plain value the spot
 * editor's service takes as it is; structured fields (hours, position, tags) stay the editors' work,
 * and a reader tells us about them in the note.
 */
export const CORRECTABLE_FIELDS = {
  name: 'Name',
  hook: 'One-line summary',
  description: 'Our take',
  address: 'Street address',
  neighbourhood: 'Neighbourhood',
  website: 'Website',
  priceLevel: 'Price ($ to $$$$)',
  insiderTip: 'Insider tip',
} as const;
export type CorrectableField = keyof typeof CORRECTABLE_FIELDS;
export const CORRECTABLE_FIELD_NAMES = Object.keys(CORRECTABLE_FIELDS) as [CorrectableField, ...CorrectableField[]];

/** A reader must spend at least this long on the form: quicker sends are robots. */
export const CORRECTION_MIN_FILL_MS = 2_000;
/** A form token is good for a day after the page was made. */
export const CORRECTION_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const CORRECTION_MESSAGES = {
  tooQuick: 'That was quick. Check your correction, then send it again.',
  expired: 'This form has expired. Reload the page, then send it again.',
  received: 'Thanks! An editor will check it soon.',
} as const;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const note = z.preprocess(blankToNull, z.string().trim().max(500, 'The note must be at most 500 characters').nullable().default(null));
const email = z.preprocess(blankToNull, emailSchema.nullable().default(null));
/** Spam traps: `company` is a field people never see (robots fill it); `token` says when the form was made. */
const traps = {
  company: z.string().max(200).optional(),
  token: z.string({ error: CORRECTION_MESSAGES.expired }).min(1, CORRECTION_MESSAGES.expired).max(200, CORRECTION_MESSAGES.expired),
};

/** A reader's correction of one spot, as its page's forms send it; the same rules run in the form and on the server. */
export const CorrectionInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('edit'),
      field: z.enum(CORRECTABLE_FIELD_NAMES, { error: 'Choose what to correct from the list' }),
      proposed: z.string({ error: 'Say what it should be' }).trim().min(1, 'Say what it should be').max(2000, 'The new value must be at most 2000 characters'),
      note,
      email,
      ...traps,
    }),
    z.object({ kind: z.literal('closed'), note, email, ...traps }),
  ],
  { error: 'Choose Suggest an edit or Report closed' },
);
export type CorrectionInput = z.infer<typeof CorrectionInput>;

/** A price typed as $–$$$$ or 1–4, as the spot's price level; null when it is neither. */
export function priceLevelFrom(text: string): number | null {
  const value = text.trim();
  if (/^\${1,4}$/.test(value)) return value.length;
  if (/^[1-4]$/.test(value)) return Number(value);
  return null;
}

/** The value a correction proposes, as the spot editor's service takes the field. */
export function proposedValue(field: CorrectableField, proposed: string): unknown {
  return field === 'priceLevel' ? (priceLevelFrom(proposed) ?? proposed) : proposed;
}

/** A field's value for the diff, as readers and editors read it. */
export function shownValue(field: CorrectableField | 'status', value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field === 'priceLevel' && typeof value === 'number') return '$'.repeat(value);
  return String(value);
}

/** What an editor sends to accept a correction. */
export const AcceptCorrectionInput = z.object({
  /** The spot's version the inbox showed (a newer one means someone changed the spot meanwhile). */
  version: z.coerce.number({ error: 'The version of the spot you opened is required' }).int().min(0),
  publicLine: z.preprocess(blankToNull, z.string().trim().max(120, 'The public change log line must be at most 120 characters').nullable().default(null)),
  closedUntil: z.preprocess(blankToNull, z.iso.date({ error: 'Closed until is a date, YYYY-MM-DD' }).nullable().default(null)),
});
export type AcceptCorrectionInput = z.infer<typeof AcceptCorrectionInput>;
