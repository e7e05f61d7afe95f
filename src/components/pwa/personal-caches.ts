import { browserStorage, forgetKeptTrips } from '../../lib/trip/offline';
import { API_READS_CACHE, PAGES_CACHE } from './cache-names.mjs';

/**
 * Empties what the service worker kept of pages and API reads, and the trip plans kept in this
 * browser. Signing out calls it: those copies were fetched as the signed-in visitor and must not
 * stay readable offline afterwards. The shell, images and fonts are the same for everyone and stay.
 */
export async function forgetPersonalCaches(): Promise<void> {
  const storage = browserStorage();
  if (storage) forgetKeptTrips(storage);
  if (!('caches' in globalThis)) return;
  await Promise.all([PAGES_CACHE, API_READS_CACHE].map((name) => caches.delete(name).catch(() => false)));
}
