import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EMPTY_VISITOR, clearLocalSaves, subscribeVisitor, toggleLocalSave, visitorSnapshot } from '../../browser/visitor-store';
import { SAVED_QUERY_KEY, savedQueryOptions, type SavedList } from '../../features/saved/api/get-saved';
import { saveSpots, unsaveSpot } from '../../features/saved/api/save-spots';
import { ApiError } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import { useExternalStore } from '../ui/use-hydrated';

/**
 * The browser's list being sent to the server, if it is: every card on a page uses this hook, and
 * the list must be sent once per page, not once per card.
 */
let merging: Promise<void> | null = null;

function mergeBrowserList(localIds: readonly number[], settle: () => void): void {
  merging ??= saveSpots(localIds)
    .then(() => {
      clearLocalSaves();
      settle();
    })
    .catch((error: unknown) => console.error('Merging saved spots failed:', error))
    .finally(() => (merging = null));
}

/**
 * The visitor's saved spots. A signed-in user's list lives on the server; anyone else's in this
 * browser. When a visitor with a browser list turns out to be signed in, the list is sent to the
 * server once and cleared here: saving is idempotent, so a repeat merge changes nothing.
 */
export function useSaved() {
  const localIds = useExternalStore(
    subscribeVisitor,
    () => visitorSnapshot().savedSpots,
    () => EMPTY_VISITOR.savedSpots,
  );
  const client = useQueryClient();
  const query = useQuery(savedQueryOptions(localIds));
  const signedIn = query.data?.signedIn ?? false;
  const settle = () => void client.invalidateQueries({ queryKey: SAVED_QUERY_KEY });

  useEffect(() => {
    if (signedIn && localIds.length > 0) mergeBrowserList(localIds, () => void client.invalidateQueries({ queryKey: SAVED_QUERY_KEY }));
  }, [client, signedIn, localIds]);

  const savedIds = signedIn ? (query.data?.spots.map((spot) => spot.id) ?? []) : localIds;

  const toggle = useMutation({
    mutationFn: async (spotId: number) => {
      const saved = savedIds.includes(spotId);
      if (!signedIn) {
        toggleLocalSave(spotId);
        return !saved;
      }
      if (saved) await unsaveSpot(spotId);
      else await saveSpots([spotId]);
      return !saved;
    },
    onMutate: (spotId) => {
      // Shown at once; a failure puts it back.
      if (!signedIn) return;
      client.setQueriesData<SavedList>(
        { queryKey: SAVED_QUERY_KEY },
        (old) => old && { ...old, spots: old.spots.some((s) => s.id === spotId) ? old.spots.filter((s) => s.id !== spotId) : old.spots },
      );
    },
    onSuccess: (nowSaved) => toast({ title: nowSaved ? 'Saved to your list' : 'Removed from your list' }),
    onError: (error) => {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.';
      toast({ title: 'Could not update your saved spots', description: message, variant: 'destructive' });
    },
    onSettled: settle,
  });

  return {
    savedIds,
    spots: query.data?.spots ?? [],
    signedIn,
    loading: query.isPending,
    isSaved: (spotId: number) => savedIds.includes(spotId),
    toggle: (spotId: number) => toggle.mutate(spotId),
    pending: toggle.isPending ? toggle.variables : null,
  };
}
