import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '../../../browser/query-client';
import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { decideSuggestion as decideSuggestionService } from '../../../server/spots/suggestions';

/** POST /api/suggestions/{id}/approve and /reject (admin only): the decided suggestion; 409 when already decided. */
export type DecidedSuggestion = Wire<Awaited<ReturnType<typeof decideSuggestionService>>>;

export interface SuggestionDecision {
  id: number;
  action: 'approve' | 'reject';
}

export function decideSuggestion({ id, action }: SuggestionDecision): Promise<DecidedSuggestion> {
  return apiSend<DecidedSuggestion>('POST', `/api/suggestions/${id}/${action}`);
}

export function useDecideSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof decideSuggestion> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: decideSuggestion });
}
