/** What the trip calls accept, checked on the server whatever the planner checked. */
import { z } from '../zod';

export const TRIP_MAX_DAYS = 7;
/** A visitor who is not a member plans one day, once, to see what it does. */
export const GUEST_TRIP_DAYS = 1;
export const TRIP_MAX_ITEMS = 60;
export const TRIPS_PER_OWNER = 50;

export const GUEST_DAYS_MESSAGE = `Members plan trips of up to ${TRIP_MAX_DAYS} days. Without a membership you can plan one day to see how it works.`;
export const GUEST_TRIPS_MESSAGE = 'You have planned your free day. Become a member to plan whole trips, as many as you like.';

/** Where a trip can be based without choosing a spot or a point: Scottsdale's neighbourhoods. */
export const TRIP_NEIGHBOURHOODS = [
  { label: 'Old Town', latitude: 33.4942, longitude: -111.9261 },
  { label: 'South Scottsdale', latitude: 33.466, longitude: -111.926 },
  { label: 'McCormick Ranch', latitude: 33.558, longitude: -111.903 },
  { label: 'Gainey Ranch', latitude: 33.583, longitude: -111.9 },
  { label: 'Kierland', latitude: 33.6247, longitude: -111.9278 },
  { label: 'North Scottsdale', latitude: 33.68, longitude: -111.89 },
] as const;

const cityDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'That date does not exist');

/** A point in and around Scottsdale (the valley, not the world). */
const TripBaseInput = z.strictObject({
  label: z.string().trim().min(1, 'Name where you are staying').max(120, 'The place you stay is named in at most 120 characters'),
  latitude: z.number().min(33.2, 'Choose a place in the Scottsdale area').max(34, 'Choose a place in the Scottsdale area'),
  longitude: z.number().min(-112.4, 'Choose a place in the Scottsdale area').max(-111.5, 'Choose a place in the Scottsdale area'),
  spotId: z.number().int().positive().optional(),
});

const TripItemInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('spot'), id: z.number().int().positive().max(999_999_999_999) }),
  z.strictObject({ type: z.literal('event'), id: z.number().int().positive().max(999_999_999_999) }),
]);

const items = z
  .array(TripItemInput)
  .max(TRIP_MAX_ITEMS, `A trip holds at most ${TRIP_MAX_ITEMS} stops`)
  .refine((list) => new Set(list.map((i) => `${i.type}:${i.id}`)).size === list.length, 'Each stop is in a trip once');

const minute = z
  .number()
  .int('Times are whole minutes')
  .min(0, 'Times are within the day')
  .max(24 * 60 - 1, 'Times are within the day');

const TripLayoutInput = z.strictObject({
  days: z
    .array(
      z.strictObject({
        day: cityDay,
        keys: z.array(z.string().regex(/^(spot|event):\d{1,12}$/, 'Stops are named spot:ID or event:ID')).max(TRIP_MAX_ITEMS),
      }),
    )
    .max(TRIP_MAX_DAYS),
  pins: z.record(z.string().regex(/^(spot|event):\d{1,12}$/, 'Stops are named spot:ID or event:ID'), minute),
});

export const CreateTripInput = z.strictObject({
  title: z.string().trim().min(1, 'Give the trip a name').max(80, 'A trip name has at most 80 characters'),
  startDay: cityDay,
  dayCount: z.number().int('Days are whole days').min(1, 'A trip lasts at least one day').max(TRIP_MAX_DAYS, `A trip lasts at most ${TRIP_MAX_DAYS} days`),
  pace: z.enum(['relaxed', 'full'], 'Pace is relaxed or full'),
  base: TripBaseInput,
  items,
});
export type CreateTrip = z.infer<typeof CreateTripInput>;

export const UpdateTripInput = CreateTripInput.partial().extend({
  version: z.number().int().positive('Send the version you edited'),
  /** null: forget the reader's arrangement and plan afresh. */
  layout: TripLayoutInput.nullable().optional(),
});
export type UpdateTrip = z.infer<typeof UpdateTripInput>;

export const TripIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(999_999_999_999) });
export const TripTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a trip link') });

/** The city days of a trip, from its first day. */
export function tripDays(startDay: string, dayCount: number): string[] {
  const first = Date.parse(`${startDay}T00:00:00Z`);
  return Array.from({ length: dayCount }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}
