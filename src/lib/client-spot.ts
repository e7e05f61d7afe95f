import type { Spot } from '../../db/schema';

/** A spot as islands see it: what the JSON API sends (dates as ISO strings). */
export type ClientSpot = Omit<Spot, 'createdAt'> & { createdAt: string };

/** Server rows → the JSON shape, so server-rendered props and API reads look the same. */
export function toClientSpots(spots: Spot[]): ClientSpot[] {
  return spots.map((spot) => ({ ...spot, createdAt: spot.createdAt.toISOString() }));
}
