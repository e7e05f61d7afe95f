import { activityDetails } from './details/activities';
import { restaurantDetails } from './details/restaurants';
import type { SeedPlaceDetails } from './details/shared';

export type { SeedPlaceDetails } from './details/shared';

/** Map position and structured hours of every seeded place (restaurants and activities), keyed by the place's exact name. */
export const placeDetails: Record<string, SeedPlaceDetails> = { ...restaurantDetails, ...activityDetails };
