import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getTrips, TRIPS_QUERY_KEY, updateTrip, type TripList, type TripPlanView } from '../../features/trips/api/trips';
import { ApiError } from '../../lib/api-client';
import { addedToTrip, alreadyInTrip, itemsWithSpot } from '../../lib/trip/add-to-trip';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import './add-to-trip.css';

interface Props {
  spotId: number;
  spotName: string;
}

type Panel = { kind: 'choose'; trips: TripPlanView[] } | { kind: 'none' } | null;

/** "Add to trip": puts a spot in one of the reader's trips (asking which when they have several). */
export function AddToTripButton({ spotId, spotName }: Props) {
  const client = useQueryClient();
  const panelId = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!panel) return;
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setPanel(null);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [panel]);

  async function add(trip: TripPlanView) {
    setPanel(null);
    const items = itemsWithSpot(trip.items, spotId);
    if (!items) {
      toast({ title: 'Already in this trip', description: alreadyInTrip(spotName, trip.title) });
      return;
    }
    setBusy(true);
    try {
      const { trip: saved } = await updateTrip(trip.id, { items, version: trip.version });
      client.setQueryData<TripList>(TRIPS_QUERY_KEY, (old) => old && { ...old, trips: old.trips.map((t) => (t.id === saved.id ? saved : t)) });
      toast({ title: 'Added to trip', description: addedToTrip(spotName, saved.title) });
    } catch (failure) {
      // A stale version or a change elsewhere: the next tap starts from the trips as they are now.
      void client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
      toast({
        title: 'Could not add it to the trip',
        description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function open() {
    if (panel) return setPanel(null);
    setBusy(true);
    let trips: TripPlanView[];
    try {
      trips = (await client.fetchQuery({ queryKey: TRIPS_QUERY_KEY, queryFn: getTrips, staleTime: 0 })).trips;
    } catch {
      toast({ title: 'Your trips could not be loaded', description: 'Check your connection and try again.', variant: 'destructive' });
      return;
    } finally {
      setBusy(false);
    }
    if (trips.length === 0) setPanel({ kind: 'none' });
    else if (trips.length === 1) await add(trips[0]!);
    else setPanel({ kind: 'choose', trips });
  }

  return (
    <div className="add-to-trip">
      <button
        type="button"
        className="btn btn--secondary btn--small add-to-trip__button"
        aria-expanded={panel !== null}
        aria-controls={panel ? panelId : undefined}
        aria-label={`Add ${spotName} to a trip`}
        disabled={busy}
        onClick={open}>
        {busy ? 'Adding…' : 'Add to trip'}
      </button>
      {panel?.kind === 'choose' && (
        <div id={panelId} ref={panelRef} className="add-to-trip__panel" role="group" aria-label={`Add ${spotName} to which trip?`}>
          <p className="add-to-trip__question">Add to which trip?</p>
          {panel.trips.map((trip) => (
            <button key={trip.id} type="button" className="btn btn--ghost btn--small" onClick={() => add(trip)}>
              {trip.title}
            </button>
          ))}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setPanel(null)}>
            Cancel
          </button>
        </div>
      )}
      {panel?.kind === 'none' && (
        <div id={panelId} ref={panelRef} className="add-to-trip__panel" role="group" aria-label="No trips yet">
          <p className="add-to-trip__question">You have no trip yet. Save the spots you want, then plan your days.</p>
          <a className="btn btn--primary btn--small" href="/trips">
            Plan a new trip
          </a>
        </div>
      )}
    </div>
  );
}

/** The spot page's "Add to trip" island. */
export default function AddToTrip(props: Props) {
  return (
    <QueryRoot>
      <AddToTripButton {...props} />
    </QueryRoot>
  );
}
