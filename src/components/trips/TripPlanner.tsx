import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteTrip, getTrips, shareTrip, TRIPS_QUERY_KEY, unshareTrip, updateTrip, type TripList, type TripPlanView } from '../../features/trips/api/trips';
import { ApiError } from '../../lib/api-client';
import type { UpdateTrip } from '../../lib/trip/input';
import { browserStorage, keepTrips, keptTrips } from '../../lib/trip/offline';
import { LazyMap } from '../map/LazyMap';
import type { MapSettings } from '../map/PlaceMap';
import { QueryRoot } from '../ui/QueryRoot';
import { toast } from '../ui/toast-store';
import { KeptPlans } from './KeptPlans';
import { TripDays, dayLabel, type StopActions } from './TripDays';
import { TripForm } from './TripForm';

type Layout = NonNullable<UpdateTrip['layout']>;

/** The plan as the reader sees it now, as an arrangement to change. */
function layoutOf(trip: TripPlanView): Layout {
  const pins: Record<string, number> = {};
  for (const day of trip.days) for (const stop of day.stops) if (stop.pinned) pins[stop.key] = stop.start;
  return { days: trip.days.map((day) => ({ day: day.day, keys: day.stops.map((s) => s.key) })), pins };
}

function TripMap({ trip, day, settings }: { trip: TripPlanView; day: string; settings: MapSettings }) {
  const stops = trip.days.find((d) => d.day === day)?.stops ?? [];
  const points = stops.flatMap((stop, i) =>
    stop.latitude !== null && stop.longitude !== null
      ? [
          {
            id: stop.key,
            name: `${i + 1}. ${stop.name}`,
            tone: stop.category ?? 'event',
            kind: stop.kind,
            detail: `${stop.startLabel} – ${stop.endLabel}`,
            status: null,
            href: stop.href,
            external: false,
            latitude: stop.latitude,
            longitude: stop.longitude,
          },
        ]
      : [],
  );
  return (
    <div className="trip-map">
      <LazyMap points={points} settings={settings} origin={trip.base} label={`Map of ${dayLabel(day)}`} />
    </div>
  );
}

function TripEditor({ trip, settings, onDeleted }: { trip: TripPlanView; settings: MapSettings; onDeleted: () => void }) {
  const client = useQueryClient();
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [mapDay, setMapDay] = useState<string | null>(null);
  const [arranging, setArranging] = useState(false);
  const failed = (failure: unknown) =>
    toast({
      title: 'Could not change the trip',
      description: failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.',
      variant: 'destructive',
    });
  const save = useMutation({
    mutationFn: (change: Omit<UpdateTrip, 'version'>) => updateTrip(trip.id, { ...change, version: trip.version }),
    onSuccess: ({ trip: saved }) =>
      client.setQueryData<TripList>(TRIPS_QUERY_KEY, (old) => old && { ...old, trips: old.trips.map((t) => (t.id === saved.id ? saved : t)) }),
    onError: (failure) => {
      failed(failure);
      void client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
    },
  });
  const arrange = (change: (layout: Layout) => void) => {
    const layout = layoutOf(trip);
    change(layout);
    save.mutate({ layout });
  };
  const actions: StopActions = {
    move: (day, index, to) =>
      arrange((layout) => {
        const keys = layout.days.find((d) => d.day === day)!.keys;
        const [key] = keys.splice(index, 1);
        keys.splice(to, 0, key!);
      }),
    moveToDay: (day, index, toDay) =>
      arrange((layout) => {
        const [key] = layout.days.find((d) => d.day === day)!.keys.splice(index, 1);
        layout.days.find((d) => d.day === toDay)!.keys.push(key!);
        delete layout.pins[key!];
      }),
    drop: (from, to) =>
      arrange((layout) => {
        const [key] = layout.days.find((d) => d.day === from.day)!.keys.splice(from.index, 1);
        layout.days.find((d) => d.day === to.day)!.keys.splice(to.index, 0, key!);
      }),
    pin: (key, minute) =>
      arrange((layout) => {
        if (minute === null) delete layout.pins[key];
        else layout.pins[key] = minute;
      }),
    remove: (key) => {
      const layout = layoutOf(trip);
      for (const day of layout.days) day.keys = day.keys.filter((k) => k !== key);
      delete layout.pins[key];
      save.mutate({ items: trip.items.filter((i) => `${i.type}:${i.id}` !== key), layout: trip.arranged ? layout : null });
    },
  };

  async function share() {
    try {
      setShareUrl((await shareTrip(trip.id)).url);
      void client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
    } catch (failure) {
      failed(failure);
    }
  }
  async function unshare() {
    try {
      await unshareTrip(trip.id);
      setShareUrl(null);
      toast({ title: 'Link turned off', description: 'Anyone who opens it now sees that it no longer works.' });
      void client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
    } catch (failure) {
      failed(failure);
    }
  }
  async function remove() {
    if (!window.confirm(`Delete “${trip.title}”? This cannot be undone.`)) return;
    try {
      await deleteTrip(trip.id);
      await client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
      onDeleted();
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <section aria-labelledby="trip-title">
      <h2 id="trip-title">{trip.title}</h2>
      <p className="muted">
        {trip.dayCount === 1 ? dayLabel(trip.startDay) : `${dayLabel(trip.startDay)} – ${dayLabel(trip.days.at(-1)!.day)}`} · staying in {trip.base.label} ·{' '}
        {trip.pace === 'relaxed' ? 'relaxed pace' : 'full days'}
      </p>
      <div className="trip-toolbar">
        <button type="button" className="btn btn--primary btn--small" aria-pressed={arranging} onClick={() => setArranging(!arranging)}>
          {arranging ? 'Done rearranging' : 'Rearrange stops'}
        </button>
        <a className="btn btn--secondary btn--small" href={`/api/trips/${trip.id}/calendar`} download>
          Add to calendar (.ics)
        </a>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => window.print()}>
          Print
        </button>
        {trip.shared ? (
          <button type="button" className="btn btn--secondary btn--small" onClick={unshare}>
            Stop sharing
          </button>
        ) : (
          <button type="button" className="btn btn--secondary btn--small" onClick={share}>
            Share a read-only link
          </button>
        )}
        {trip.arranged && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => save.mutate({ layout: null })}>
            Plan it afresh
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={remove}>
          Delete trip
        </button>
      </div>
      {trip.shared && (
        <div className="trip-share">
          {shareUrl ? (
            <label className="trip-share__link">
              <span className="visually-hidden">Read-only link to this trip</span>
              <input className="input" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
            </label>
          ) : (
            <button type="button" className="btn btn--ghost btn--small" onClick={share}>
              Show the link
            </button>
          )}
        </div>
      )}
      <p className="muted" aria-live="polite">
        {save.isPending ? 'Saving…' : arranging ? 'Move stops with Earlier and Later, another day or a fixed time (or drag them); times follow.' : ''}
      </p>
      <TripDays trip={trip} actions={arranging ? actions : undefined} />
      <div className="trip-toolbar">
        {trip.days.map((day) => (
          <button
            key={day.day}
            type="button"
            className="btn btn--ghost btn--small"
            aria-pressed={mapDay === day.day}
            onClick={() => setMapDay(mapDay === day.day ? null : day.day)}>
            Map of {dayLabel(day.day)}
          </button>
        ))}
      </div>
      {mapDay && <TripMap trip={trip} day={mapDay} settings={settings} />}
    </section>
  );
}

function Planner({ settings }: { settings: MapSettings }) {
  const trips = useQuery({ queryKey: TRIPS_QUERY_KEY, queryFn: getTrips });
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  useEffect(() => {
    const storage = trips.data && browserStorage();
    if (storage) keepTrips(storage, trips.data!.trips);
  }, [trips.data]);
  if (trips.isPending) return <p className="muted">Loading your trips…</p>;
  if (trips.isError) {
    const storage = browserStorage();
    const kept = storage ? keptTrips<TripPlanView>(storage) : [];
    if (kept.length) return <KeptPlans kept={kept} />;
    return <p role="alert">Your trips could not be loaded. Check your connection and reload the page.</p>;
  }
  const { member, trips: list } = trips.data;
  const current = chosen === 'new' ? null : (list.find((t) => t.id === chosen) ?? list[0] ?? null);
  if (chosen === 'new' || !current) {
    return <TripForm member={member} onCreated={(id) => setChosen(id)} onCancel={list.length ? () => setChosen(null) : undefined} />;
  }
  return (
    <>
      <div className="trip-toolbar" role="group" aria-label="Your trips">
        {list.map((trip) => (
          <button
            key={trip.id}
            type="button"
            className={`btn btn--small ${trip.id === current.id ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={trip.id === current.id}
            onClick={() => setChosen(trip.id)}>
            {trip.title}
          </button>
        ))}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setChosen('new')}>
          Plan a new trip
        </button>
      </div>
      <TripEditor key={current.id} trip={current} settings={settings} onDeleted={() => setChosen(null)} />
    </>
  );
}

/** The trip planner: plan from saved spots and events, arrange, share, export. */
export default function TripPlanner({ settings }: { settings: MapSettings }) {
  return (
    <QueryRoot>
      <Planner settings={settings} />
    </QueryRoot>
  );
}
