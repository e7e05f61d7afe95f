import type { SpotCategory } from './catalog';

/**
 * Which spots the home page's members-only block shows: the best-scored hidden gems, the picks
 * locals guard most. One place decides; see docs/decisions/003-premium-spots.md.
 */
export const PREMIUM_SPOT_CATEGORY: SpotCategory = 'hidden-gem';
export const PREMIUM_SPOTS_SHOWN = 3;

/**
 * The read the block loads them from once the visitor is signed in: the spot list, best score
 * first, so the server's one entitlement rule shapes them like every other spot read and the page
 * HTML carries none of them.
 */
export const PREMIUM_SPOTS_READ = `/api/spots?category=${PREMIUM_SPOT_CATEGORY}&sort=score`;
