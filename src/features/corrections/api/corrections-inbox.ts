import { apiGet, apiSend } from '../../../lib/api-client';
import type { AcceptCorrectionInput } from '../../../lib/correction';
import type { Wire } from '../../../lib/wire';
import type { acceptCorrection, correctionsInbox, rejectCorrection } from '../../../server/spots/corrections';

/** GET /api/admin/corrections: open corrections (with their diffs) oldest first, then the latest decided. */
export type CorrectionsInbox = Wire<Awaited<ReturnType<typeof correctionsInbox>>>;
export type InboxItem = CorrectionsInbox['open'][number];
/** POST /api/admin/corrections/{id}/accept: the spot's new version and whether the reader was thanked. */
export type AcceptedCorrection = Wire<Awaited<ReturnType<typeof acceptCorrection>>>;
export type RejectedCorrection = Wire<Awaited<ReturnType<typeof rejectCorrection>>>;

export function getCorrectionsInbox(): Promise<CorrectionsInbox> {
  return apiGet<CorrectionsInbox>('/api/admin/corrections');
}

export function acceptReaderCorrection(id: number, input: Partial<AcceptCorrectionInput> & { version: number }): Promise<AcceptedCorrection> {
  return apiSend<AcceptedCorrection>('POST', `/api/admin/corrections/${id}/accept`, input);
}

export function rejectReaderCorrection(id: number): Promise<RejectedCorrection> {
  return apiSend<RejectedCorrection>('POST', `/api/admin/corrections/${id}/reject`);
}
