import { openingStatus, type OpeningHours } from '../../lib/opening-hours';
import { openingLabel } from '../../lib/opening-hours-labels';
import { useExternalStore } from '../ui/use-hydrated';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let minute = Math.floor(Date.now() / 60_000);

/** One shared clock for every card: it ticks once a minute while any card listens. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    minute = Math.floor(Date.now() / 60_000);
    for (const notify of listeners) notify();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * A place's opening status, kept true while the page stays open: worked out from its hours in
 * city time each minute. The server's label is used until hydration (and when there are no hours).
 */
export function useOpeningLabel(place: { openingStatus: string; hours?: OpeningHours | null }): string {
  const now = useMinute();
  if (!place.hours || now === null) return place.openingStatus;
  const at = new Date();
  return openingLabel(openingStatus(place.hours, at), at);
}

/** The current minute while mounted in the browser (ticking with the shared clock); null on the server and during hydration. */
export function useMinute(): number | null {
  return useExternalStore(
    subscribe,
    () => minute,
    () => null,
  );
}
