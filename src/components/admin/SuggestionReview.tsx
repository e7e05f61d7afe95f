import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDecideSuggestion } from '../../features/suggestions/api/decide-suggestion';
import { pendingSuggestionsQueryOptions, usePendingSuggestions } from '../../features/suggestions/api/get-pending-suggestions';
import { createSpotFromSuggestion } from '../../features/suggestions/api/spot-from-suggestion';
import { ApiError } from '../../lib/api-client';
import { formatCityDate } from '../../lib/city-time';
import { toast } from '../ui/toast-store';

/** User Suggestions: approve or reject each pending one (spec §2, §4, §8). */
export function SuggestionReview() {
  const queries = useQueryClient();
  const pending = usePendingSuggestions();
  // Approved here, this visit: each offers "Create spot from suggestion".
  const [approved, setApproved] = useState<{ id: number; spotName: string }[]>([]);
  const [creating, setCreating] = useState<number | null>(null);
  const removeFromList = (id: number) => queries.setQueryData(pendingSuggestionsQueryOptions().queryKey, (list) => list?.filter((s) => s.id !== id));
  const decide = useDecideSuggestion({
    mutationConfig: {
      onSuccess: (_, { id, action }) => {
        const decided = pending.data?.find((s) => s.id === id);
        if (action === 'approve' && decided) setApproved((list) => [...list, { id, spotName: decided.spotName }]);
        removeFromList(id);
        toast({ title: action === 'approve' ? 'Suggestion Approved' : 'Suggestion Rejected' });
      },
      onError: (error, { id, action }) => {
        // Decided (409) or removed (404) elsewhere, e.g. in another tab: trying again can never work.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          removeFromList(id);
          toast({ title: 'Already decided', description: error.serverMessage ?? 'This suggestion is no longer pending.' });
          return;
        }
        console.error(`Could not ${action} suggestion:`, error);
        toast(
          action === 'approve'
            ? { title: 'Approval Failed', description: 'Failed to approve the suggestion. Please try again.', variant: 'destructive' }
            : { title: 'Rejection Failed', variant: 'destructive' },
        );
      },
    },
  });

  async function createSpot(id: number) {
    setCreating(id);
    try {
      const spot = await createSpotFromSuggestion(id);
      window.location.assign(spot.editorUrl);
    } catch (error) {
      toast({
        title: 'Could not create the spot',
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
      setCreating(null);
    }
  }

  const justApproved = approved.length > 0 && (
    <ul className="suggestion-list suggestion-list--approved" aria-label="Approved suggestions">
      {approved.map((s) => (
        <li key={s.id} className="approved-suggestion">
          <p>
            <strong>{s.spotName}</strong> was approved.
          </p>
          <button type="button" className="btn btn--secondary btn--small" disabled={creating !== null} onClick={() => void createSpot(s.id)}>
            {creating === s.id ? 'Creating…' : 'Create spot from suggestion'}
          </button>
        </li>
      ))}
    </ul>
  );

  if (pending.isPending) return <p className="muted">Loading suggestions...</p>;
  if (pending.isError) return <p className="field__error">Could not load suggestions. Reload the page to try again.</p>;
  if (pending.data.length === 0)
    return (
      <>
        {justApproved}
        <p className="admin-empty">No pending suggestions at the moment.</p>
      </>
    );
  return (
    <>
      {justApproved}
      <ul className="suggestion-list">
        {pending.data.map((s) => (
          <li key={s.id} className="suggestion">
            <div className="suggestion__head">
              <h3>{s.spotName}</h3>
              <time dateTime={s.createdAt}>{formatCityDate(s.createdAt)}</time>
            </div>
            <p>{s.description}</p>
            {s.link && (
              <a href={s.link} target="_blank" rel="noopener noreferrer nofollow">
                {s.link}
              </a>
            )}
            {s.submitterName && <p className="muted">Suggested by {s.submitterName}</p>}
            <div className="suggestion__actions">
              <button type="button" className="btn btn--primary btn--small" disabled={decide.isPending} onClick={() => decide.mutate({ id: s.id, action: 'approve' })}>
                Approve
              </button>
              <button type="button" className="btn btn--secondary btn--small" disabled={decide.isPending} onClick={() => decide.mutate({ id: s.id, action: 'reject' })}>
                Reject
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
