/**
 * The plans a reader last loaded, kept in this browser (one entry per trip) so the planner can
 * still show them, read-only, when the network is gone. A shared `/trips/{token}` page is never
 * kept: its link can be revoked, and a copy would outlive that.
 */

/** The part of Web Storage used here (localStorage in the browser). */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const INDEX_KEY = 'trips:kept:v1';
const tripKey = (id: number) => `trips:kept:v1:${id}`;

/** Keeps each listed trip and forgets the ones no longer listed (deleted, or another reader's). */
export function keepTrips<T extends { id: number }>(storage: KeptStorage, trips: readonly T[]): void {
  const before = keptIds(storage);
  try {
    for (const trip of trips) storage.setItem(tripKey(trip.id), JSON.stringify(trip));
    storage.setItem(INDEX_KEY, JSON.stringify(trips.map((t) => t.id)));
  } catch {
    // A full or refused storage only costs the offline copy; the planner works on.
  }
  const now = new Set(trips.map((t) => t.id));
  for (const id of before) if (!now.has(id)) storage.removeItem(tripKey(id));
}

/** The trips last kept, in their order; an entry that cannot be read is skipped. */
export function keptTrips<T extends { id: number }>(storage: KeptStorage): T[] {
  return keptIds(storage).flatMap((id) => {
    try {
      const trip = JSON.parse(storage.getItem(tripKey(id)) ?? 'null') as T | null;
      return trip && typeof trip === 'object' && trip.id === id ? [trip] : [];
    } catch {
      return [];
    }
  });
}

function keptIds(storage: KeptStorage): number[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** localStorage when the browser allows it (private modes and blocked storage throw). */
export function browserStorage(): KeptStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
