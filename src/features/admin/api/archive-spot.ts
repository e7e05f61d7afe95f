import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { archiveSpot as archiveSpotService } from '../../../server/spots/archive';

/** POST /api/admin/spots/{id}/archive or /restore: the spot as it now is (404 unknown, 409 nothing to change). */
export type ArchivedSpot = Wire<Awaited<ReturnType<typeof archiveSpotService>>>;

export function setSpotArchived(id: number, archive: boolean): Promise<ArchivedSpot> {
  return apiSend<ArchivedSpot>('POST', `/api/admin/spots/${id}/${archive ? 'archive' : 'restore'}`, {});
}
