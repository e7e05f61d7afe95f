import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { spots } from '../../../db/schema';
import type { NearbySpot } from '../../lib/spot-details';
import { database } from '../db/database';
import type { RequestVisitor } from '../subscriptions/subscriber';
import { milesBetween } from '../../lib/geo';
import { recordSpotView } from './engagement';
import { recordMeterOutcome } from '../members/funnel';
import { lockedSpot, viewsUnmetered } from './paywall';
import { inGuide, spotBySlug, type SpotView } from './spots';
import { publicChangeLog } from './editorial';
import { correctionFormToken } from './corrections';
import { eventsAtVenue } from '../content/events';
import { isVenueSpot } from '../../lib/spot-venue';
import type { VenueEvent } from '../../lib/spot-json-ld';

/** The `count` spots closest to this one (by straight-line distance), closest first. */
export async function nearbySpots(spot: SpotView, count = 3): Promise<NearbySpot[]> {
  if (spot.latitude === null || spot.longitude === null) return [];
  const here = { latitude: spot.latitude, longitude: spot.longitude };
  const db = await database();
  const others = await db
    .select({
      slug: spots.slug,
      name: spots.name,
      category: spots.category,
      neighbourhood: spots.neighbourhood,
      hook: spots.hook,
      imageUrl: spots.imageUrl,
      thumbnailUrl: spots.thumbnailUrl,
      photo: spots.photo,
      priceLevel: spots.priceLevel,
      latitude: spots.latitude,
      longitude: spots.longitude,
    })
    .from(spots)
    .where(and(inGuide, ne(spots.id, spot.id), isNotNull(spots.latitude), isNotNull(spots.longitude)));
  return others
    .map(({ latitude, longitude, ...rest }) => ({ ...rest, miles: milesBetween(here, { latitude: latitude!, longitude: longitude! }) }))
    .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name))
    .slice(0, count);
}

export type SpotPage =
  | { kind: 'not-found' }
  /** Archived: the page answers 410 Gone. */
  | { kind: 'gone'; name: string }
  /** Moved to another spot: the page redirects there. */
  | { kind: 'moved'; to: string }
  /**
   * `spot` is shaped for this visitor: locked (teaser, no premium fields) once the free views are
   * used. `changeLog` is what editors chose to say publicly about their changes, newest first;
   * `venueEvents` the coming listed events held at a venue spot (empty for other spots).
   */
  | {
      kind: 'found';
      spot: SpotView | (SpotView & { locked: true });
      locked: boolean;
      nearby: NearbySpot[];
      changeLog: { at: Date; line: string }[];
      /** The signed token of the page's "Suggest an edit" and "Report closed" forms. */
      correctionToken: string;
      venueEvents: VenueEvent[];
      /**
       * True for a visitor the meter never applies to (no email, or an active subscription): the
       * page is the same for all of them, so it was rendered without counting the view, and its
       * script posts the view instead. False: the view was counted before the page was made.
       */
      viewPosted: boolean;
    };

/**
 * A spot page for this visitor. Opening it is a spot view (spec §4's meter, as the Details
 * dialog): counted once per visitor, spot and city day, and the premium part is shown only while
 * the meter allows it. A visitor the meter never applies to gets the page everyone like them gets,
 * made without a write (so it can be shared: docs/decisions/033-cache-per-table-and-shared-spot-pages.md);
 * its script posts the view. A metered visitor's view is counted first, as it decides the lock.
 */
export async function spotPageFor(slug: string, visitor: RequestVisitor & { locals: Pick<App.Locals, 'startSession'> }): Promise<SpotPage> {
  const found = await spotBySlug(slug);
  if (!found) return { kind: 'not-found' };
  if (found.archivedAt) return { kind: 'gone', name: found.name };
  const movedTo = await movedToSlug(found);
  if (movedTo) return { kind: 'moved', to: movedTo };
  // All at once: on a libSQL server each read is a round trip. None depends on the visitor's view.
  const [changeLog, unmetered, nearby, venueEvents] = await Promise.all([
    publicChangeLog(found.id),
    viewsUnmetered(visitor),
    nearbySpots(found),
    isVenueSpot(found) ? eventsAtVenue(found.name) : [],
  ]);
  const correctionToken = correctionFormToken(found.id);
  if (unmetered) return { kind: 'found', spot: found, locked: false, nearby, changeLog, correctionToken, venueEvents, viewPosted: true };
  const sessionId = visitor.locals.startSession();
  const outcome = await recordSpotView(found.id, { sessionId, userId: visitor.locals.user?.id ?? null }, unmetered);
  await recordMeterOutcome(outcome, { sessionId, unmetered, spotId: found.id });
  if (outcome.kind === 'over-free-limit')
    return { kind: 'found', spot: lockedSpot(found), locked: true, nearby, changeLog, correctionToken, venueEvents, viewPosted: false };
  const spot = outcome.kind === 'not-found' ? found : outcome.spot;
  return { kind: 'found', spot, locked: false, nearby, changeLog, correctionToken, venueEvents, viewPosted: false };
}

/** Where a moved spot's page now lives (a published spot in the guide), or null. */
async function movedToSlug(spot: SpotView): Promise<string | null> {
  if (spot.status !== 'moved' || spot.movedToId === null) return null;
  const db = await database();
  const [target] = await db
    .select({ slug: spots.slug })
    .from(spots)
    .where(and(eq(spots.id, spot.movedToId), isNull(spots.archivedAt), eq(spots.draft, 0)));
  return target?.slug ?? null;
}
