import type { Wire } from '../../../lib/wire';
import type { topSpotsFor } from '../../../server/spots/reads';

/**
 * GET /api/spots/top: the leaderboard, shaped for the visitor. No island reads it; the pages
 * render it (LeaderboardList) and hand it over in this shape.
 */
export type TopSpots = Wire<Awaited<ReturnType<typeof topSpotsFor>>['spots']>;
