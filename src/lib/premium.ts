import type { SpotCategory } from './catalog';

/**
 * Which spots the home page's members-only block shows: the best-scored hidden gems, the picks
 * locals guard most. One place decides; see docs/decisions/003-premium-spots.md.
 */
export const PREMIUM_SPOT_CATEGORY: SpotCategory = 'hidden-gem';
export const PREMIUM_SPOTS_SHOWN = 3;
