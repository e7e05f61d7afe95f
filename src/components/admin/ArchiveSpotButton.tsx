import { useState } from 'react';
import { setSpotArchived } from '../../features/admin/api/archive-spot';
import { ApiError } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { flashToast } from './flash';

/**
 * Archive (or restore) one spot from the back office's list. The list is drawn by the server, so
 * after the change the page reloads and shows the spot where it now belongs.
 */
export default function ArchiveSpotButton({ id, name, archived }: { id: number; name: string; archived: boolean }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function change() {
    setBusy(true);
    try {
      await setSpotArchived(id, !archived);
      flashToast(
        archived
          ? { title: 'Spot restored', description: `${name} is back in the guide.` }
          : { title: 'Spot archived', description: `${name} has left every list; its page now says it is gone.` },
      );
      window.location.reload();
    } catch (failure) {
      const description =
        failure instanceof ApiError && failure.serverMessage ? `${failure.serverMessage} Reload the page to see the spot as it is now.` : 'Please try again.';
      toast({ title: archived ? 'Could not restore' : 'Could not archive', description, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn--small ${archived ? 'btn--secondary' : 'btn--ghost'}`}
      disabled={!hydrated || busy}
      onClick={change}
      aria-label={`${archived ? 'Restore' : 'Archive'} ${name}`}>
      {archived ? 'Restore' : 'Archive'}
    </button>
  );
}
