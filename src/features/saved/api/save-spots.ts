import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { saveSpots as saveOnServer } from '../../../server/spots/saved';

/** POST /api/saved and DELETE /api/saved/{id}: the user's saved ids, latest first. */
export type SavedIds = { spotIds: Wire<Awaited<ReturnType<typeof saveOnServer>>> };

/** Adds spots to the signed-in user's list (a browser's whole list when they sign in). */
export function saveSpots(spotIds: readonly number[]): Promise<SavedIds> {
  return apiSend<SavedIds>('POST', '/api/saved', { spotIds });
}

export function unsaveSpot(spotId: number): Promise<SavedIds> {
  return apiSend<SavedIds>('DELETE', `/api/saved/${spotId}`);
}
