import type { SeedPlace } from './types';
import { restaurantsA } from './places/restaurants-a';
import { restaurantsB } from './places/restaurants-b';
import { activitiesA } from './places/activities-a';
import { activitiesB } from './places/activities-b';

/** Restaurants, then activities, in seed order. */
export const seedPlaces: SeedPlace[] = [...restaurantsA, ...restaurantsB, ...activitiesA, ...activitiesB];
