import { useReactToSpot, type SpotReactionKind, type SpotReactionResult } from '../../features/spots/api/react-to-spot';
import { rememberReaction } from '../../browser/visitor-store';
import { rememberCounts } from '../../browser/recent-counts';

export type ReactionCounts = Pick<SpotReactionResult, 'lovedCount' | 'visitedCount'>;

/**
 * Love or Been-here (spec §4): one-way. On success the id is remembered locally and the new
 * counts shown; a failure is only logged and the button stays as it was.
 */
export function useReaction(spotId: number, kind: SpotReactionKind, onCounts: (counts: ReactionCounts) => void) {
  return useReactToSpot({
    spotId,
    kind,
    mutationConfig: {
      onSuccess: (counts) => {
        rememberReaction(kind, spotId);
        rememberCounts(spotId, counts);
        onCounts(counts);
      },
      onError: (error) => console.error(`Could not record ${kind} for spot ${spotId}:`, error),
    },
  });
}
