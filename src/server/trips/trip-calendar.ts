import ical from 'ical-generator';
import type { TripView } from './trip-view';

/** The instant of a minute of a city day (Scottsdale keeps UTC−7 all year). */
function instantOf(day: string, minute: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (minute + 7 * 60) * 60_000);
}

function mapLink(latitude: number | null, longitude: number | null, name: string): string {
  const query = latitude !== null && longitude !== null ? `${latitude},${longitude}` : `${name}, Scottsdale, AZ`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A trip as a calendar file: one event per stop, at its planned time, with its map link and page. */
export function tripIcs(trip: TripView, origin: string, stamp: Date): string {
  const host = new URL(origin).host;
  const cal = ical({ name: trip.title, prodId: { company: 'Scottsdale Local Guide', product: 'Trips', language: 'EN' } });
  for (const day of trip.days) {
    for (const stop of day.stops) {
      const map = mapLink(stop.latitude, stop.longitude, stop.name);
      const where = [stop.name, stop.neighbourhood].filter(Boolean).join(', ');
      cal.createEvent({
        id: `trip-${trip.id}-${stop.key.replace(':', '-')}-${day.day}@${host}`,
        summary: stop.name,
        start: instantOf(day.day, stop.start),
        end: instantOf(day.day, stop.end),
        stamp,
        location: `${where}, Scottsdale, AZ`,
        description: [stop.warnings.length ? `Note: ${stop.warnings.join('; ')}` : null, `Map: ${map}`, `More: ${origin}${stop.href}`].filter(Boolean).join('\n\n'),
        url: `${origin}${stop.href}`,
      });
    }
  }
  return cal.toString();
}
