export type { PriceLevel, SeedSpotDetails } from './details/types';
import { foodDetails } from './details/food';
import { drinksDetails } from './details/drinks';
import { hikeDetails } from './details/hike';
import { hiddenGemDetails } from './details/hidden-gem';
import { eventDetails } from './details/event';
import type { SeedSpotDetails } from './details/types';

/** Page facts for every seeded spot, keyed by the spot's exact name (see spots/*.ts). */
export const spotDetails: Record<string, SeedSpotDetails> = { ...foodDetails, ...drinksDetails, ...hikeDetails, ...hiddenGemDetails, ...eventDetails };
