import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { spotFromSuggestion as spotFromSuggestionService } from '../../../server/spots/suggestions';

/** POST /api/suggestions/{id}/spot (201): the draft spot made from an approved suggestion, and where to edit it. */
export type SpotFromSuggestion = Wire<Awaited<ReturnType<typeof spotFromSuggestionService>>>;

export function createSpotFromSuggestion(id: number): Promise<SpotFromSuggestion> {
  return apiSend<SpotFromSuggestion>('POST', `/api/suggestions/${id}/spot`);
}
