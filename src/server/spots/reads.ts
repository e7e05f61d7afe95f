import { openingStatus } from '../../lib/opening-hours';
import { openingLabel } from '../../lib/opening-hours-labels';
import { effectiveHours } from '../../lib/spot-status';
import type { SpotFilters } from '../../lib/spot-filters';
import { HttpError } from '../http/responses';
import type { RequestVisitor } from '../subscriptions/subscriber';
import { recordSpotView, refuseUnreactable } from './engagement';
import { recordMeterOutcome } from '../members/funnel';
import { LOCKED_MESSAGE, entitledToPremium, spotsAsSeen, viewsUnmetered } from './paywall';
import { nearbySpots } from './spot-page';
import { SPOT_GONE, featuredSpots, listSpots, spotBySlug, topSpots } from './spots';

/**
 * The spot reads of the API, each shaped for the visitor by the one entitlement rule. What these
 * return is what the endpoints send: the contracts in src/features/spots/api derive their types
 * from them. `entitled`, where returned, decides the response headers (see spotReadHeaders).
 */

/** GET /api/spots: one page of the listing and the total that matches (`page` is what is sent). */
export async function spotsPageFor(visitor: RequestVisitor, filters: SpotFilters) {
  const [page, entitled] = await Promise.all([listSpots(filters), entitledToPremium(visitor)]);
  return { page: { ...page, spots: spotsAsSeen(entitled, page.spots) }, entitled };
}

/** GET /api/spots/featured. */
export async function featuredSpotsFor(visitor: RequestVisitor) {
  const [spots, entitled] = await Promise.all([featuredSpots(), entitledToPremium(visitor)]);
  return { spots: spotsAsSeen(entitled, spots), entitled };
}

/** GET /api/spots/top: the leaderboard. */
export async function topSpotsFor(visitor: RequestVisitor, limit: number) {
  const [spots, entitled] = await Promise.all([topSpots(limit), entitledToPremium(visitor)]);
  return { spots: spotsAsSeen(entitled, spots), entitled };
}

/**
 * POST /api/spots/{id}/view: opens a spot's details within the free-view meter (402 once the free
 * views are used up) and answers with the whole spot and its new view count. A draft is a 404 and
 * a closed spot a 409, with nothing written (its page still opens, as that page's own view).
 */
export async function openSpot(visitor: RequestVisitor, id: number) {
  await refuseUnreactable(id);
  const { sessionId, user } = visitor.locals;
  const unmetered = await viewsUnmetered(visitor);
  const outcome = await recordSpotView(id, { sessionId, userId: user?.id ?? null }, unmetered);
  await recordMeterOutcome(outcome, { sessionId, unmetered, spotId: id });
  if (outcome.kind === 'not-found') throw new HttpError(404, 'Spot not found');
  if (outcome.kind === 'over-free-limit') throw new HttpError(402, LOCKED_MESSAGE);
  const { spot } = outcome;
  return { id: spot.id, viewCount: spot.viewCount, counted: outcome.kind === 'counted', spot };
}

/**
 * GET /api/spots/by-slug/{slug}: one spot as its page shows it (shaped by the same entitlement
 * rule as the list, so a read never counts a view), whether it is open now in city time, and the
 * three closest spots.
 */
export async function spotBySlugFor(visitor: RequestVisitor, slug: string, now = new Date()) {
  const [found, entitled] = await Promise.all([spotBySlug(slug), entitledToPremium(visitor)]);
  if (!found) throw new HttpError(404, 'Spot not found');
  if (found.archivedAt) throw new HttpError(410, SPOT_GONE);
  const hours = effectiveHours(found, now);
  const status = hours ? openingStatus(hours, now) : null;
  const opening = status ? { open: status.state !== 'closed', label: openingLabel(status, now) } : null;
  const [spot] = spotsAsSeen(entitled, [found]);
  return { spot: { ...spot!, opening }, nearby: await nearbySpots(found), entitled };
}
