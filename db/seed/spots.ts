import type { SeedSpot } from './types';
import { foodSpots } from './spots/food';
import { drinksSpots } from './spots/drinks';
import { hikeSpots } from './spots/hike';
import { hiddenGemSpots } from './spots/hidden-gem';
import { eventSpots } from './spots/event';

/** Insertion order matters: spot ids are assigned in this order. */
export const seedSpots: SeedSpot[] = [...foodSpots, ...drinksSpots, ...hikeSpots, ...hiddenGemSpots, ...eventSpots];
