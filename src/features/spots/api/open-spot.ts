import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { openSpot as openSpotService } from '../../../server/spots/reads';

/** POST /api/spots/{id}/view: the whole spot and its view count; a 402 once the free views are used up. */
export type OpenedSpot = Wire<Awaited<ReturnType<typeof openSpotService>>>;

/** Opens a spot's details, counting the view for this visitor. */
export function openSpot(spotId: number): Promise<OpenedSpot> {
  return apiSend<OpenedSpot>('POST', `/api/spots/${spotId}/view`);
}
