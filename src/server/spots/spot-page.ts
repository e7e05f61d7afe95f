import { and, isNotNull, ne } from 'drizzle-orm';
import { spots } from '../../../db/schema';
import type { NearbySpot } from '../../lib/spot-details';
import { database } from '../db/database';
import type { RequestVisitor } from '../subscriptions/subscriber';
import { milesBetween } from '../../lib/geo';
import { recordSpotView } from './engagement';
import { recordMeterOutcome } from '../members/funnel';
import { lockedSpot, viewsUnmetered } from './paywall';
import { inGuide, spotBySlug, type SpotView } from './spots';

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
  /** `spot` is shaped for this visitor: locked (teaser, no premium fields) once the free views are used. */
  | { kind: 'found'; spot: SpotView | (SpotView & { locked: true }); locked: boolean; nearby: NearbySpot[] };

/**
 * A spot page for this visitor. Opening it is a spot view (spec §4's meter, as the Details
 * dialog): counted once per visitor, spot and city day, and the premium part is shown only while
 * the meter allows it.
 */
export async function spotPageFor(slug: string, visitor: RequestVisitor & { locals: Pick<App.Locals, 'startSession'> }): Promise<SpotPage> {
  const found = await spotBySlug(slug);
  if (!found) return { kind: 'not-found' };
  if (found.archivedAt) return { kind: 'gone', name: found.name };
  const sessionId = visitor.locals.startSession();
  const unmetered = await viewsUnmetered(visitor);
  const outcome = await recordSpotView(found.id, { sessionId, userId: visitor.locals.user?.id ?? null }, unmetered);
  await recordMeterOutcome(outcome, { sessionId, unmetered, spotId: found.id });
  const nearby = await nearbySpots(found);
  if (outcome.kind === 'over-free-limit') return { kind: 'found', spot: lockedSpot(found), locked: true, nearby };
  const spot = outcome.kind === 'not-found' ? found : outcome.spot;
  return { kind: 'found', spot, locked: false, nearby };
}
