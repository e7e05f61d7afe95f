import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import { useHydrated } from '../ui/use-hydrated';
import { flashToast } from './flash';
import { setPlaceArchived } from '../../features/admin/api/places-desk';
import { setEventHidden } from '../../features/admin/api/events-desk';

const ACTIONS = {
  place: { on: 'Archive', off: 'Restore', done: ['Place archived', 'has left the lists.'], undone: ['Place restored', 'is back in the lists.'], run: setPlaceArchived },
  event: {
    on: 'Hide',
    off: 'Show',
    done: ['Event hidden', 'has left the calendar; imports will not bring it back.'],
    undone: ['Event shown', 'is back on the calendar.'],
    run: setEventHidden,
  },
} as const;

/**
 * Archive or restore a place, or hide or show an event, from a desk list drawn by the server: after
 * the change the page reloads and shows the row as it now is.
 */
export default function DeskToggleButton({ kind, id, name, active }: { kind: keyof typeof ACTIONS; id: number; name: string; active: boolean }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const action = ACTIONS[kind];
  const label = active ? action.off : action.on;

  async function change() {
    setBusy(true);
    try {
      await action.run(id, !active);
      const [title, rest] = active ? action.undone : action.done;
      flashToast({ title, description: `${name} ${rest}` });
      window.location.reload();
    } catch (failure) {
      const description = failure instanceof ApiError && failure.serverMessage ? `${failure.serverMessage} Reload the page to see it as it is now.` : 'Please try again.';
      toast({ title: `Could not ${label.toLowerCase()}`, description, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn--small ${active ? 'btn--secondary' : 'btn--ghost'}`}
      disabled={!hydrated || busy}
      onClick={change}
      aria-label={`${label} ${name}`}>
      {label}
    </button>
  );
}
