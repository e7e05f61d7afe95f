import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { rememberReaction } from '../../browser/visitor-store';

export interface ReactionCounts {
  lovedCount: number;
  visitedCount: number;
}

/**
 * Love or Been-here (spec §4): one-way. On success the id is remembered locally and the new
 * counts shown; a failure is only logged and the button stays as it was.
 */
export function useReaction(spotId: number, kind: 'love' | 'visit', onCounts: (counts: ReactionCounts) => void) {
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/spots/${spotId}/${kind}`)).json() as Promise<ReactionCounts>,
    onSuccess: (counts) => {
      rememberReaction(kind, spotId);
      onCounts(counts);
    },
    onError: (error) => console.error(`Could not record ${kind} for spot ${spotId}:`, error),
  });
}
