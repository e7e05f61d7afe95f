import { z } from './zod';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (label: string, max: number) => z.preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable());
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time, such as 2026-03-14T19:00:00-07:00` }).transform((text) => new Date(text));

/** An event as the Events desk writes it (all fields when adding; any of them when editing). */
export const EventFields = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: optionalText('Description', 2000),
  startDate: instant('Start'),
  endDate: z.preprocess(blankToNull, instant('End').nullable()),
  location: optionalText('Location', 300),
  link: z.preprocess(
    blankToNull,
    z
      .url({ protocol: /^https?$/, error: 'Link must be a valid http(s) URL' })
      .max(2000, 'Link is too long')
      .nullable(),
  ),
  eventType: optionalText('Category', 80),
});

export const NewEventInput = EventFields.extend({
  description: EventFields.shape.description.default(null),
  endDate: EventFields.shape.endDate.default(null),
  location: EventFields.shape.location.default(null),
  link: EventFields.shape.link.default(null),
  eventType: EventFields.shape.eventType.default(null),
})
  .strict()
  .refine((e) => !e.endDate || e.endDate >= e.startDate, { path: ['endDate'], message: 'End must be after the start' });
export type NewEvent = z.infer<typeof NewEventInput>;

export const EventChangeInput = EventFields.partial()
  .strict()
  .refine((e) => Object.keys(e).length > 0, { message: 'Send at least one field to change.' });
export type EventChange = z.infer<typeof EventChangeInput>;

/** The desk's list: a search, which events, and the page. */
export const EventsDeskQuery = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  show: z.enum(['listed', 'hidden', 'all'], { error: 'show is listed, hidden or all' }).default('all'),
  page: z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1),
});
