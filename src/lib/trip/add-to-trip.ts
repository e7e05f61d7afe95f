/** Adding one spot to one of the reader's trips, as the "Add to trip" button does it. */

export type TripItem = { type: 'spot' | 'event'; id: number };

export const alreadyInTrip = (spotName: string, title: string) => `${spotName} is already in “${title}”.`;
export const addedToTrip = (spotName: string, title: string) => `${spotName} is now in “${title}”: the plan makes room for it.`;

/** The trip's stops with the spot added at the end, or null when it is there already. */
export function itemsWithSpot(items: readonly TripItem[], spotId: number): TripItem[] | null {
  if (items.some((item) => item.type === 'spot' && item.id === spotId)) return null;
  return [...items, { type: 'spot', id: spotId }];
}
