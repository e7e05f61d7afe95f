import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { addDraftSpot as addDraftService, editSpot as editSpotService, spotForEditor } from '../../../server/spots/editorial';

/** GET /api/admin/spots/{id} and what the editor page starts from: every field, its version, what publishing needs. */
export type EditorSpot = Wire<Awaited<ReturnType<typeof spotForEditor>>>;

/** PATCH /api/admin/spots/{id}: the spot as it now is, its new version, and whether anything changed (409: someone saved first). */
export type EditedSpot = Wire<Awaited<ReturnType<typeof editSpotService>>>;
/** POST /api/admin/spots (201): the new draft as its editor opens it. */
export type DraftSpot = Wire<Awaited<ReturnType<typeof addDraftService>>>;

export function editSpot(id: number, body: Record<string, unknown>): Promise<EditedSpot> {
  return apiSend<EditedSpot>('PATCH', `/api/admin/spots/${id}`, body);
}

export function addDraftSpot(input: { name: string; category: string }): Promise<DraftSpot> {
  return apiSend<DraftSpot>('POST', '/api/admin/spots', input);
}
