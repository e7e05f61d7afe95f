import { useQueryClient } from '@tanstack/react-query';
import { useDecideSuggestion } from '../../features/suggestions/api/decide-suggestion';
import { pendingSuggestionsQueryOptions, usePendingSuggestions } from '../../features/suggestions/api/get-pending-suggestions';
import { ApiError } from '../../lib/api-client';
import { formatCityDate } from '../../lib/city-time';
import { toast } from '../ui/toast-store';

/** User Suggestions: approve or reject each pending one (spec §2, §4, §8). */
export function SuggestionReview() {
  const queries = useQueryClient();
  const pending = usePendingSuggestions();
  const removeFromList = (id: number) => queries.setQueryData(pendingSuggestionsQueryOptions().queryKey, (list) => list?.filter((s) => s.id !== id));
  const decide = useDecideSuggestion({
    mutationConfig: {
      onSuccess: (_, { id, action }) => {
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

  if (pending.isPending) return <p className="muted">Loading suggestions...</p>;
  if (pending.isError) return <p className="field__error">Could not load suggestions. Reload the page to try again.</p>;
  if (pending.data.length === 0) return <p className="admin-empty">No pending suggestions at the moment.</p>;
  return (
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
  );
}
