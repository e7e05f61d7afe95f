import { useState } from 'react';
import type { TripPlanView } from '../../features/trips/api/trips';
import { TripDays, dayLabel } from './TripDays';

/** The trips as last loaded in this browser, read-only, when they cannot be fetched now. */
export function KeptPlans({ kept }: { kept: TripPlanView[] }) {
  const [chosen, setChosen] = useState(kept[0]!.id);
  const trip = kept.find((t) => t.id === chosen) ?? kept[0]!;
  return (
    <>
      <p className="trip-offline" role="status">
        <strong>Offline: showing the plan as last loaded.</strong> Changes, sharing and the calendar file come back when you are online.
      </p>
      {kept.length > 1 && (
        <div className="trip-toolbar" role="group" aria-label="Your trips">
          {kept.map((t) => (
            <button
              key={t.id}
              type="button"
              className={`btn btn--small ${t.id === trip.id ? 'btn--primary' : 'btn--secondary'}`}
              aria-pressed={t.id === trip.id}
              onClick={() => setChosen(t.id)}>
              {t.title}
            </button>
          ))}
        </div>
      )}
      <section aria-labelledby="trip-title">
        <h2 id="trip-title">{trip.title}</h2>
        <p className="muted">
          {trip.dayCount === 1 ? dayLabel(trip.startDay) : `${dayLabel(trip.startDay)} – ${dayLabel(trip.days.at(-1)!.day)}`} · staying in {trip.base.label}
        </p>
        <TripDays trip={trip} />
      </section>
    </>
  );
}
