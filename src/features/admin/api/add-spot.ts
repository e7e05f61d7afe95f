import { apiSend } from '../../../lib/api-client';
import type { NewSpotInput } from '../../../lib/new-spot';
import type { Wire } from '../../../lib/wire';
import type { addSpot as addSpotService } from '../../../server/spots/spots';

/** POST /api/spots (admin only, 201): the new spot. */
export type AddedSpot = Wire<Awaited<ReturnType<typeof addSpotService>>>;

export function addSpot(input: NewSpotInput): Promise<AddedSpot> {
  return apiSend<AddedSpot>('POST', '/api/spots', input);
}
