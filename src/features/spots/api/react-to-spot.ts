import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '../../../browser/query-client';
import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { recordSpotReaction, SpotReaction } from '../../../server/spots/engagement';

/** POST /api/spots/{id}/love and /visit: the spot's new counts; `counted` is false when this visitor had already done it. */
export type SpotReactionResult = Wire<NonNullable<Awaited<ReturnType<typeof recordSpotReaction>>>>;

export type SpotReactionKind = SpotReaction;

export function reactToSpot(spotId: number, kind: SpotReactionKind): Promise<SpotReactionResult> {
  return apiSend<SpotReactionResult>('POST', `/api/spots/${spotId}/${kind}`);
}

/** Love or Been-here for one spot. */
export function useReactToSpot({
  spotId,
  kind,
  mutationConfig,
}: {
  spotId: number;
  kind: SpotReactionKind;
  mutationConfig?: MutationConfig<() => Promise<SpotReactionResult>>;
}) {
  return useMutation({ ...mutationConfig, mutationFn: () => reactToSpot(spotId, kind) });
}
