/**
 * The plans a reader last loaded, kept in this browser (one entry per trip) so the planner can
 * still show them, read-only, when the network is gone, even on a visit that starts offline (the
 * service worker then answers with the prerendered `/offline/trip` page, which reads them here).
 * The pages themselves stay private and never cached: a copy lives only in the browser that
 * opened it. A shared `/trips/{token}` plan is kept the same way under its token, and forgotten
 * as soon as that link answers "not found" (revoked) to this browser.
 */

/** The part of Web Storage used here (localStorage in the browser). */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const INDEX_KEY = 'trips:kept:v1';
const tripKey = (id: number) => `trips:kept:v1:${id}`;
const SHARED_INDEX_KEY = 'trips:shared:v1';
const sharedKey = (token: string) => `trips:shared:v1:${token}`;
/** Shared plans kept at most; the one opened longest ago goes first. */
const SHARED_KEPT = 10;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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

/** Keeps the plan a shared link showed, as the newest of the shared plans kept. */
export function keepSharedTrip<T extends { id: number }>(storage: KeptStorage, token: string, trip: T): void {
  if (!TOKEN.test(token)) return;
  const tokens = [token, ...keptTokens(storage).filter((t) => t !== token)];
  try {
    storage.setItem(sharedKey(token), JSON.stringify(trip));
    storage.setItem(SHARED_INDEX_KEY, JSON.stringify(tokens.slice(0, SHARED_KEPT)));
  } catch {
    // As above: only the offline copy is lost.
  }
  for (const old of tokens.slice(SHARED_KEPT)) storage.removeItem(sharedKey(old));
}

/** The plan a shared link showed in this browser, or null. */
export function keptSharedTrip<T extends { id: number }>(storage: KeptStorage, token: string): T | null {
  if (!keptTokens(storage).includes(token)) return null;
  try {
    const trip = JSON.parse(storage.getItem(sharedKey(token)) ?? 'null') as T | null;
    return trip && typeof trip === 'object' && Number.isInteger(trip.id) ? trip : null;
  } catch {
    return null;
  }
}

/** A shared link that no longer works: its copy goes too. */
export function forgetSharedTrip(storage: KeptStorage, token: string): void {
  storage.removeItem(sharedKey(token));
  const tokens = keptTokens(storage);
  if (tokens.includes(token)) storage.setItem(SHARED_INDEX_KEY, JSON.stringify(tokens.filter((t) => t !== token)));
}

/** Every kept plan, own and shared: signing out leaves none readable in this browser. */
export function forgetKeptTrips(storage: KeptStorage): void {
  for (const id of keptIds(storage)) storage.removeItem(tripKey(id));
  for (const token of keptTokens(storage)) storage.removeItem(sharedKey(token));
  storage.removeItem(INDEX_KEY);
  storage.removeItem(SHARED_INDEX_KEY);
}

function keptTokens(storage: KeptStorage): string[] {
  try {
    const tokens: unknown = JSON.parse(storage.getItem(SHARED_INDEX_KEY) ?? '[]');
    return Array.isArray(tokens) ? tokens.filter((t): t is string => typeof t === 'string' && TOKEN.test(t)) : [];
  } catch {
    return [];
  }
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
