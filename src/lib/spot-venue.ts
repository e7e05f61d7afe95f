/**
 * A venue rather than an event: an event spot that is a building with its own programme (a
 * performing-arts centre, a theater). Its hours are the box office's, never a date to attend;
 * what happens there are the listed events held at it.
 */
const VENUE_NAME = /\b(performing arts|theat(?:er|re)|amphitheat(?:er|re)|playhouse|concert hall|auditorium|arena)\b/i;

export function isVenueSpot(spot: { name: string; category: string }): boolean {
  return spot.category === 'event' && VENUE_NAME.test(spot.name);
}
