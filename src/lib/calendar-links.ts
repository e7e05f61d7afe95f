import { openingStatus, type OpeningHours } from './opening-hours';
import { isVenueSpot } from './spot-venue';

/**
 * "Add to calendar" for one event: the Google Calendar and Outlook compose links, and the time
 * rules the .ics files share with them. Pure, so the calendar island, the home page and the
 * server build the same links.
 */

/** An event without an end time is entered as one hour long (Google Calendar's own default). */
export const DEFAULT_EVENT_MINUTES = 60;

export interface CalendarEntry {
  title: string;
  start: Date | string;
  end?: Date | string | null;
  description?: string | null;
  location?: string | null;
  /** The page about the event, added to the details. */
  url?: string | null;
}

/** Start and end as instants; a missing or earlier end becomes start + one hour. */
export function entryTimes(entry: Pick<CalendarEntry, 'start' | 'end'>): { start: Date; end: Date } {
  const start = new Date(entry.start);
  const end = entry.end ? new Date(entry.end) : null;
  return { start, end: end && end > start ? end : new Date(start.getTime() + DEFAULT_EVENT_MINUTES * 60_000) };
}

/** `YYYYMMDDTHHMMSSZ` (UTC), the form Google's `dates` and iCalendar's UTC times use. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the form Outlook's `startdt` and `enddt` take. */
function outlookStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function details(entry: CalendarEntry): string {
  return [entry.description?.trim(), entry.url ? `More: ${entry.url}` : null].filter(Boolean).join('\n\n');
}

/** https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=…/…&details=…&location=… */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = entryTimes(entry);
  const params = new URLSearchParams({ action: 'TEMPLATE', text: entry.title, dates: `${utcStamp(start)}/${utcStamp(end)}`, details: details(entry) });
  if (entry.location) params.set('location', entry.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** https://outlook.live.com/calendar/0/deeplink/compose?subject=…&startdt=…&enddt=…&body=…&location=… */
export function outlookCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = entryTimes(entry);
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: outlookStamp(start),
    enddt: outlookStamp(end),
    body: details(entry),
  });
  if (entry.location) params.set('location', entry.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** The site's own .ics of one listed event (the server route /events/{id}.ics). */
export function eventIcsPath(id: number): string {
  return `/events/${id}.ics`;
}

/** The site's own .ics of an event spot's next occurrence (the server route /spots/{slug}.ics). */
export function spotIcsPath(slug: string): string {
  return `/spots/${encodeURIComponent(slug)}.ics`;
}

/**
 * The next time an event spot (a weekly market, an art walk) takes place after `now`, from its
 * weekly hours: the one after the current one when it is on right now. Null for spots without
 * weekly hours or that never open again within a year.
 */
export function nextOccurrence(hours: OpeningHours, now: Date): { start: Date; end: Date | null } | null {
  if (hours.kind !== 'weekly') return null;
  let status = openingStatus(hours, now);
  if (status.state === 'open') {
    if (!status.closesAt) return null;
    status = openingStatus(hours, status.closesAt);
  }
  if (status.state !== 'closed' || !status.opensAt) return null;
  const during = openingStatus(hours, status.opensAt);
  return { start: status.opensAt, end: during.state === 'open' ? during.closesAt : null };
}

/**
 * An event spot's next occurrence as a calendar entry; null for other spots, for a venue (its
 * hours are the box office's, not a date to attend) or without a next date. The location is the
 * street address when the spot has one.
 */
export function spotCalendarEntry(
  spot: { name: string; category: string; description: string; neighbourhood: string | null; address?: string | null; hours: OpeningHours | null },
  now: Date,
): (CalendarEntry & { start: Date; end: Date | null }) | null {
  const next = spot.category === 'event' && spot.hours && !isVenueSpot(spot) ? nextOccurrence(spot.hours, now) : null;
  if (!next) return null;
  const location = spot.address ? [spot.name, spot.address] : [spot.name, spot.neighbourhood, 'Scottsdale, AZ'];
  return { title: spot.name, ...next, description: spot.description, location: location.filter(Boolean).join(', ') };
}
