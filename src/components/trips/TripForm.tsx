import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvents } from '../../features/events/api/get-events';
import { createTrip, TRIPS_QUERY_KEY } from '../../features/trips/api/trips';
import { ApiError } from '../../lib/api-client';
import { cityToday } from '../../lib/spot-status';
import { GUEST_TRIP_DAYS, TRIP_MAX_DAYS, TRIP_NEIGHBOURHOODS, tripDays } from '../../lib/trip/input';
import { toast } from '../ui/toast-store';
import { useSaved } from '../saved/use-saved';
import { dayLabel } from './TripDays';

function inDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Plans a new trip from the saved spots and the events on its dates. */
export function TripForm({ member, onCreated, onCancel }: { member: boolean; onCreated: (id: number) => void; onCancel?: () => void }) {
  const client = useQueryClient();
  const saved = useSaved();
  const [title, setTitle] = useState('My Scottsdale trip');
  const [startDay, setStartDay] = useState(() => inDays(cityToday(), 7));
  const [dayCount, setDayCount] = useState(member ? 3 : GUEST_TRIP_DAYS);
  const [pace, setPace] = useState<'relaxed' | 'full'>('relaxed');
  const [baseIndex, setBaseIndex] = useState('n:0');
  const [dropped, setDropped] = useState<Set<number>>(new Set());
  const [events, setEvents] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<{ message: string; membership: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const days = /^\d{4}-\d{2}-\d{2}$/.test(startDay) ? tripDays(startDay, dayCount) : [];
  const window = days.length ? { from: new Date(`${days[0]}T00:00:00-07:00`), to: new Date(`${inDays(days.at(-1)!, 1)}T00:00:00-07:00`) } : undefined;
  const onDates = useEvents({ window, queryConfig: { enabled: Boolean(window) } });
  const bases = [
    ...TRIP_NEIGHBOURHOODS.map((n, i) => ({ id: `n:${i}`, label: n.label, latitude: n.latitude, longitude: n.longitude })),
    ...saved.spots.flatMap((spot) =>
      spot.latitude !== null && spot.longitude !== null
        ? [{ id: `s:${spot.id}`, label: `Near ${spot.name}`, latitude: spot.latitude, longitude: spot.longitude, spotId: spot.id }]
        : [],
    ),
  ];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const base = bases.find((b) => b.id === baseIndex) ?? bases[0]!;
    const items = [
      ...saved.spots.filter((s) => !dropped.has(s.id)).map((s) => ({ type: 'spot' as const, id: s.id })),
      ...[...events].map((id) => ({ type: 'event' as const, id })),
    ];
    setSaving(true);
    setProblem(null);
    try {
      const { id: _id, ...place } = base;
      const { trip } = await createTrip({ title, startDay, dayCount, pace, base: place, items });
      await client.invalidateQueries({ queryKey: TRIPS_QUERY_KEY });
      toast({ title: 'Trip planned', description: `${trip.title}: ${trip.dayCount === 1 ? 'one day' : `${trip.dayCount} days`}.` });
      onCreated(trip.id);
    } catch (failure) {
      const message = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Please try again.';
      setProblem({ message, membership: failure instanceof ApiError && failure.status === 402 });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {!saved.loading && saved.spots.length === 0 && (
        <div className="trip-empty" data-trip-empty>
          <p className="trip-empty__title">Start with the places you want to see</p>
          <p className="muted">Save a trail for the morning, somewhere for lunch and a spot for the sunset: your plan is made from the spots you save.</p>
          <a className="btn btn--primary" href="/spots">
            Browse spots
          </a>
        </div>
      )}
      <form className="trip-form" onSubmit={submit} aria-labelledby="trip-form-title">
        <h2 id="trip-form-title">Plan a trip</h2>
        <div className="trip-form__row">
          <label>
            <span>Trip name</span>
            <input className="input" value={title} maxLength={80} required onInput={(e) => setTitle(e.currentTarget.value)} />
          </label>
          <label>
            <span>First day</span>
            <input className="input" type="date" value={startDay} required onInput={(e) => setStartDay(e.currentTarget.value)} />
          </label>
          <label>
            <span>Days</span>
            <select className="select" value={dayCount} onChange={(e) => setDayCount(Number(e.currentTarget.value))}>
              {Array.from({ length: member ? TRIP_MAX_DAYS : GUEST_TRIP_DAYS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 day' : `${n} days`}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Staying in</span>
            <select className="select" value={baseIndex} onChange={(e) => setBaseIndex(e.currentTarget.value)}>
              {bases.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {!member && (
          <p className="muted">
            Without a membership you can plan one day to see how it works. <a href="/launch">Members</a> plan trips of up to {TRIP_MAX_DAYS} days.
          </p>
        )}
        <fieldset>
          <legend>Pace</legend>
          <div className="trip-share">
            {(['relaxed', 'full'] as const).map((p) => (
              <label key={p} className="trip-picks__choice">
                <input type="radio" name="pace" value={p} checked={pace === p} onChange={() => setPace(p)} />{' '}
                {p === 'relaxed' ? 'Relaxed (3 stops a day)' : 'Full (5 stops a day)'}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Your saved spots</legend>
          {saved.loading ? (
            <p className="muted">Loading your saved spots…</p>
          ) : saved.spots.length === 0 ? (
            <p className="muted">
              Nothing saved yet: tap the bookmark on any <a href="/spots">spot</a>, then come back to plan.
            </p>
          ) : (
            <ul className="trip-picks">
              {saved.spots.map((spot) => (
                <li key={spot.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={!dropped.has(spot.id)}
                      onChange={() =>
                        setDropped((d) => {
                          const next = new Set(d);
                          if (next.has(spot.id)) next.delete(spot.id);
                          else next.add(spot.id);
                          return next;
                        })
                      }
                    />
                    {spot.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <fieldset>
          <legend>Events on your dates</legend>
          {onDates.data && onDates.data.length > 0 ? (
            <ul className="trip-picks">
              {onDates.data.map((event) => (
                <li key={event.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={events.has(event.id)}
                      onChange={() =>
                        setEvents((s) => {
                          const next = new Set(s);
                          if (next.has(event.id)) next.delete(event.id);
                          else next.add(event.id);
                          return next;
                        })
                      }
                    />
                    {event.title} <span className="muted">({dayLabel(cityToday(new Date(event.startDate)))})</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{onDates.isPending ? 'Looking for events on those dates…' : 'No events listed on those dates yet.'}</p>
          )}
        </fieldset>
        {problem && (
          <div className={problem.membership ? 'trip-offer' : 'field__error'} role="alert">
            <p>{problem.message}</p>
            {problem.membership && (
              <a className="btn btn--primary" href="/launch">
                Become a member
              </a>
            )}
          </div>
        )}
        <div className="trip-share">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Planning…' : 'Plan my trip'}
          </button>
          {onCancel && (
            <button type="button" className="btn btn--ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </>
  );
}
