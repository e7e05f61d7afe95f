import { apiSend } from '../../../lib/api-client';
import type { CorrectionInput } from '../../../lib/correction';
import type { Wire } from '../../../lib/wire';
import type { submitCorrection as submitCorrectionService } from '../../../server/spots/corrections';

/** POST /api/spots/{id}/corrections (201): the reader's thanks; the correction waits in the Corrections inbox. */
export type SubmittedCorrection = Wire<Awaited<ReturnType<typeof submitCorrectionService>>>;

export function submitCorrection(spotId: number, input: CorrectionInput): Promise<SubmittedCorrection> {
  return apiSend<SubmittedCorrection>('POST', `/api/spots/${spotId}/corrections`, input);
}
