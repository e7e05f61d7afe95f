import { and, eq, inArray, isNull } from 'drizzle-orm';
import { events, spots, type Trip } from '../../../db/schema';
import { cityToday, closedNow, effectiveHours, SPOT_STATUS_LABELS } from '../../lib/spot-status';
import type { CityDay } from '../../lib/opening-hours';
import { tripDays } from '../../lib/trip/input';
import { planTrip, type TripPlan } from '../../lib/trip/plan';
import { scheduleDay } from '../../lib/trip/schedule';
import { minuteLabel, type TripEvent, type TripSpot, type TripStop } from '../../lib/trip/stops';
import { database } from '../db/database';

const CITY_OFFSET_MINUTES = -7 * 60;
const SUNSET_WORDS = /\bsunset/i;

/** A stop as the planner and the share page show it: public facts only (no premium text). */
export interface TripStopView {
  key: string;
  name: string;
  kind: 'spot' | 'event';
  href: string;
  category: string | null;
  neighbourhood: string | null;
  latitude: number | null;
  longitude: number | null;
  start: number;
  end: number;
  startLabel: string;
  endLabel: string;
  travel: number;
  pinned: boolean;
  warnings: string[];
}

export interface TripView {
  id: number;
  title: string;
  startDay: string;
  dayCount: number;
  pace: Trip['pace'];
  base: Trip['base'];
  items: Trip['items'];
  version: number;
  shared: boolean;
  /** The reader arranged the stops themselves (else the plan is worked out afresh on each read). */
  arranged: boolean;
  days: { day: string; sunrise: string; sunset: string; travelMinutes: number; stops: TripStopView[] }[];
  unplaced: { key: string; name: string; reason: string; href: string }[];
}

type SpotRow = Pick<
  typeof spots.$inferSelect,
  'id' | 'name' | 'slug' | 'category' | 'neighbourhood' | 'latitude' | 'longitude' | 'hours' | 'status' | 'closedUntil' | 'hook' | 'insiderTip'
>;

interface Facts {
  stops: Map<string, TripStop>;
  details: Map<string, { href: string; category: string | null; neighbourhood: string | null }>;
}

/** The minute of its city day an instant falls on, and that day. */
function cityMinute(at: Date): { day: CityDay; minute: number } {
  const wall = new Date(at.getTime() + CITY_OFFSET_MINUTES * 60_000);
  return { day: wall.toISOString().slice(0, 10) as CityDay, minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

function spotStop(row: SpotRow, firstDay: string, now: Date): TripSpot {
  const position = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
  // A temporary closure counts from the trip's first day (or today, when the trip has begun).
  const from = firstDay > cityToday(now) ? new Date(`${firstDay}T12:00:00-07:00`) : now;
  const closedForGood = row.status === 'permanently-closed' || row.status === 'moved';
  return {
    key: `spot:${row.id}`,
    name: row.name,
    kind: 'spot',
    category: row.category,
    position,
    hours: closedForGood ? null : effectiveHours(row, from),
    closedReason: closedForGood && closedNow(row, now) ? SPOT_STATUS_LABELS[row.status] : null,
    sunset: SUNSET_WORDS.test(row.name) || SUNSET_WORDS.test(row.hook ?? '') || SUNSET_WORDS.test(row.insiderTip ?? ''),
    pinned: null,
  };
}

/** The spots and events a trip names, as they are now; ones that no longer exist are left out. */
async function factsFor(trip: Trip, now: Date): Promise<Facts> {
  const db = await database();
  const spotIds = trip.items.filter((i) => i.type === 'spot').map((i) => i.id);
  const eventIds = trip.items.filter((i) => i.type === 'event').map((i) => i.id);
  const spotRows: SpotRow[] = spotIds.length
    ? await db
        .select({
          id: spots.id,
          name: spots.name,
          slug: spots.slug,
          category: spots.category,
          neighbourhood: spots.neighbourhood,
          latitude: spots.latitude,
          longitude: spots.longitude,
          hours: spots.hours,
          status: spots.status,
          closedUntil: spots.closedUntil,
          hook: spots.hook,
          insiderTip: spots.insiderTip,
        })
        .from(spots)
        .where(and(inArray(spots.id, spotIds), isNull(spots.archivedAt), eq(spots.draft, 0)))
    : [];
  const eventRows = eventIds.length
    ? await db
        .select({ id: events.id, title: events.title, startDate: events.startDate, endDate: events.endDate, location: events.location })
        .from(events)
        .where(and(inArray(events.id, eventIds), isNull(events.hiddenAt)))
    : [];
  const stops = new Map<string, TripStop>();
  const details: Facts['details'] = new Map();
  const pins = trip.layout?.pins ?? {};
  const pinnedDay = new Map(trip.layout?.days.flatMap((d) => d.keys.map((key) => [key, d.day] as const)) ?? []);
  for (const row of spotRows) {
    const stop = spotStop(row, trip.startDay, now);
    const key = stop.key;
    const minute = pins[key];
    const day = pinnedDay.get(key);
    if (minute !== undefined && day) stop.pinned = { day: day as CityDay, minute };
    stops.set(key, stop);
    details.set(key, { href: `/spots/${row.slug}`, category: row.category, neighbourhood: row.neighbourhood });
  }
  for (const row of eventRows) {
    const start = cityMinute(row.startDate);
    const end = row.endDate ? cityMinute(row.endDate) : null;
    const stop: TripEvent = {
      key: `event:${row.id}`,
      name: row.title,
      position: null,
      kind: 'event',
      day: start.day,
      start: start.minute,
      end: end && end.day === start.day ? end.minute : null,
    };
    stops.set(stop.key, stop);
    details.set(stop.key, { href: '/events', category: 'event', neighbourhood: row.location });
  }
  return { stops, details };
}

/** The plan: worked out afresh, or the reader's arrangement re-flowed (stops added since go where they fit best). */
function planOf(trip: Trip, facts: Facts): TripPlan {
  const days = tripDays(trip.startDay, trip.dayCount) as CityDay[];
  const ordered = trip.items.flatMap((item) => facts.stops.get(`${item.type}:${item.id}`) ?? []);
  const options = { base: trip.base, pace: trip.pace };
  if (!trip.layout) return planTrip({ days, base: trip.base, pace: trip.pace, stops: ordered });
  const arranged = new Set(trip.layout.days.flatMap((d) => d.keys));
  const rest = planTrip({ days, base: trip.base, pace: trip.pace, stops: ordered.filter((s) => !arranged.has(s.key)) });
  return {
    days: days.map((day) => {
      const keys = trip.layout!.days.find((d) => d.day === day)?.keys ?? [];
      const added = rest.days.find((d) => d.day === day)?.stops.map((s) => s.key) ?? [];
      return scheduleDay(
        day,
        [...keys, ...added].flatMap((key) => facts.stops.get(key) ?? []),
        options,
      );
    }),
    unplaced: rest.unplaced,
  };
}

export async function tripView(trip: Trip, now: Date = new Date()): Promise<TripView> {
  const facts = await factsFor(trip, now);
  const plan = planOf(trip, facts);
  const detail = (key: string) => facts.details.get(key) ?? { href: '/spots', category: null, neighbourhood: null };
  return {
    id: trip.id,
    title: trip.title,
    startDay: trip.startDay,
    dayCount: trip.dayCount,
    pace: trip.pace,
    base: trip.base,
    items: trip.items,
    version: trip.version,
    shared: trip.shareToken !== null,
    arranged: trip.layout !== null,
    days: plan.days.map((day) => ({
      day: day.day,
      sunrise: minuteLabel(day.sunrise),
      sunset: minuteLabel(day.sunset),
      travelMinutes: day.travelMinutes,
      stops: day.stops.map((stop) => {
        const position = facts.stops.get(stop.key)?.position ?? null;
        return {
          ...stop,
          ...detail(stop.key),
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          startLabel: minuteLabel(stop.start),
          endLabel: minuteLabel(stop.end),
        };
      }),
    })),
    unplaced: plan.unplaced.map((u) => ({ ...u, href: detail(u.key).href })),
  };
}
