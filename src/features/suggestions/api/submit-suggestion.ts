import { apiSend } from '../../../lib/api-client';
import type { SuggestionInput } from '../../../lib/suggestion';
import type { Wire } from '../../../lib/wire';
import type { submitSuggestion as submitSuggestionService } from '../../../server/spots/suggestions';

/** POST /api/suggestions (201): the stored suggestion, pending review. */
export type SubmittedSuggestion = Wire<Awaited<ReturnType<typeof submitSuggestionService>>>;

export function submitSuggestion(input: SuggestionInput): Promise<SubmittedSuggestion> {
  return apiSend<SubmittedSuggestion>('POST', '/api/suggestions', input);
}
