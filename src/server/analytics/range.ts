import { z } from 'zod';

/** The city keeps UTC−7 all year: a city day starts at 07:00 UTC. */
export const CITY_OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;
/** The longest range the revenue figures are drawn over, so a day-by-day table stays readable. */
export const MAX_RANGE_DAYS = 1_096;

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const RANGE_PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The start of a city day (YYYY-MM-DD) as an instant. */
export const cityDayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) + CITY_OFFSET_MS;
export const cityKey = (ms: number) => new Date(ms - CITY_OFFSET_MS).toISOString().slice(0, 10);

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date like 2026-01-31`, abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${name} is not a real date`)
    .optional();

/**
 * A date range: a preset (the last 7, 30 or 90 days, or the last 12 months), or from–to (city
 * days, both included). `by` picks the buckets; each preset has its own when none is given.
 */
export const RevenueQuery = z
  .object({ range: z.enum(RANGE_PRESETS).optional(), from: day('from'), to: day('to'), by: z.enum(BUCKETS).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, 'from must not be after to')
  .refine(
    (q) => !q.from || !q.to || q.from > q.to || !((cityDayStart(q.to) - cityDayStart(q.from)) / DAY_MS >= MAX_RANGE_DAYS),
    `A range can be ${MAX_RANGE_DAYS} days long at most`,
  );
export type RevenueQuery = z.infer<typeof RevenueQuery>;

export interface ResolvedRange {
  from: string;
  to: string;
  by: Bucket;
  /** The preset the range came from, or null for from–to. */
  preset: RangePreset | null;
}

const PRESET_BY: Record<RangePreset, Bucket> = { '7d': 'day', '30d': 'day', '90d': 'week', '12m': 'month' };
const PRESET_DAYS: Record<Exclude<RangePreset, '12m'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Turns a query into the city days it covers: a preset ends today; from–to defaults to the 30 days up to `to`. */
export function resolveRange(query: RevenueQuery, now: Date): ResolvedRange {
  const today = cityKey(now.getTime());
  if (query.range) {
    const preset = query.range;
    let from: string;
    if (preset === '12m') {
      // The 12 calendar months that end with this one, so each month bucket is whole but the last.
      const [year, month] = today.split('-').map(Number) as [number, number];
      from = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
    } else {
      from = cityKey(cityDayStart(today) - (PRESET_DAYS[preset] - 1) * DAY_MS);
    }
    return { from, to: today, by: query.by ?? PRESET_BY[preset], preset };
  }
  const to = query.to ?? today;
  const from = query.from ?? cityKey(cityDayStart(to) - 29 * DAY_MS);
  const preset = !query.from && !query.to && (query.by ?? 'day') === 'day' ? '30d' : null;
  return { from, to, by: query.by ?? 'day', preset };
}

/** The bucket a moment falls in, named by its first city day (weeks start on Monday). */
export function bucketOf(ms: number, by: Bucket): string {
  const key = cityKey(ms);
  if (by === 'day') return key;
  if (by === 'month') return `${key.slice(0, 7)}-01`;
  const date = new Date(`${key}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket from `from` to `toExclusive`, in order. */
export function bucketsBetween(from: number, toExclusive: number, by: Bucket): string[] {
  const keys: string[] = [];
  for (let t = from; t < toExclusive; t += DAY_MS) {
    const key = bucketOf(t, by);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}
