import { withClosure, type CityDay, type OpeningHours } from './opening-hours';

/**
 * A spot's status and completeness, shared by the back office, the public pages and the server.
 * Closed spots (for a while, for good, or moved) leave every list, the map, featured and the
 * leaderboard; their page stays reachable with a banner (a moved spot's page redirects).
 */
export const SPOT_STATUSES = ['open', 'temporarily-closed', 'permanently-closed', 'moved'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];

export const SPOT_STATUS_LABELS: Readonly<Record<SpotStatus, string>> = {
  open: 'Open',
  'temporarily-closed': 'Temporarily closed',
  'permanently-closed': 'Permanently closed',
  moved: 'Moved',
};

/** A re-check is due when the last one is older than this. */
export const RECHECK_DAYS = 180;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CITY_OFFSET_MS = -7 * 60 * 60 * 1000;

/** Today in the city (America/Phoenix, UTC−7 all year), `YYYY-MM-DD`. */
export function cityToday(now: Date = new Date()): string {
  return new Date(now.getTime() + CITY_OFFSET_MS).toISOString().slice(0, 10);
}

/** `Dec 3` (or `Dec 3, 2027` when not this year) for a `YYYY-MM-DD` city day. */
export function cityDayLabel(day: string, now: Date = new Date()): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const label = `${MONTHS[m - 1]} ${d}`;
  return String(y) === cityToday(now).slice(0, 4) ? label : `${label}, ${y}`;
}

export interface StatusFields {
  status: SpotStatus;
  closedUntil: string | null;
}

/** Closed now: for good, moved, or a temporary closure whose last day is today or later. */
export function closedNow(spot: StatusFields, now: Date = new Date()): boolean {
  if (spot.status === 'open') return false;
  if (spot.status !== 'temporarily-closed') return true;
  return spot.closedUntil === null || spot.closedUntil >= cityToday(now);
}

/** The banner a closed spot's page shows, or null while it is open. */
export function statusBanner(spot: StatusFields & { statusNote: string | null }, now: Date = new Date()): { title: string; note: string | null } | null {
  if (!closedNow(spot, now)) return null;
  const title =
    spot.status === 'temporarily-closed'
      ? spot.closedUntil
        ? `Temporarily closed until ${cityDayLabel(spot.closedUntil, now)}`
        : 'Temporarily closed'
      : spot.status === 'moved'
        ? 'This spot has moved'
        : 'Permanently closed';
  return { title, note: spot.statusNote };
}

export interface CompletenessFields {
  description: string;
  hook: string | null;
  neighbourhood: string | null;
  address: string | null;
  latitude: number | null;
  hours: unknown;
  noFixedHours: number | boolean;
}

/**
 * What a spot still needs before it can be published: a hook, our take, a neighbourhood, an address or a
 * position, and hours (or "no fixed hours"). A picture is always there: an uploaded photo, an image
 * link, or the category's illustration.
 */
export function missingForPublish(spot: CompletenessFields): string[] {
  const missing: string[] = [];
  if (!spot.hook?.trim()) missing.push('Add the one-line hook.');
  if (!spot.description.trim()) missing.push('Write our take.');
  if (!spot.neighbourhood?.trim()) missing.push('Add the neighbourhood.');
  if (!spot.address?.trim() && spot.latitude === null) missing.push('Add the street address or place the pin.');
  if (!spot.hours && !spot.noFixedHours) missing.push('Add the hours, or tick "No fixed hours".');
  return missing;
}

/**
 * The hours as they hold now: a temporary closure is added as closed special dates (so "open now",
 * the next opening, the JSON-LD and the calendar file all skip it); a spot closed for good or moved
 * has none.
 */
export function effectiveHours(spot: StatusFields & { hours: OpeningHours | null }, now: Date = new Date()): OpeningHours | null {
  if (!spot.hours || spot.status === 'open') return spot.hours;
  if (spot.status !== 'temporarily-closed') return null;
  const today = cityToday(now) as CityDay;
  if (!spot.closedUntil) return null;
  if (spot.closedUntil < today) return spot.hours;
  return withClosure(spot.hours, today, spot.closedUntil as CityDay, 'Temporarily closed');
}
