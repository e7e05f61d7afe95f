import type { TripPlanView } from '../../features/trips/api/trips';
import { browserStorage, keptSharedTrip, keptTrips } from '../../lib/trip/offline';
import { KeptPlans } from './KeptPlans';
import { TripDays } from './TripDays';

const SHARED_PATH = /^\/trips\/([A-Za-z0-9_-]{43})\/?$/;

/**
 * What the service worker shows for `/trips` or a shared `/trips/{token}` when the network is
 * gone: the copy this browser kept when it last opened that page, read-only. The page it lives on
 * is the same for everyone; the plan comes only from this browser's own storage.
 */
export default function OfflineTrip() {
  const path = window.location.pathname;
  const storage = browserStorage();
  const token = SHARED_PATH.exec(path)?.[1];
  if (token) {
    const trip = storage && keptSharedTrip<TripPlanView>(storage, token);
    if (!trip) return <NotKept title="This trip is not on this device" what="this trip has" />;
    return (
      <>
        <p className="muted">A trip planned with the Scottsdale Local Guide</p>
        <h1>{trip.title}</h1>
        <p className="trip-page__lede">Staying in {trip.base.label}. Times follow each place's real hours on the day.</p>
        <p className="trip-offline" role="status">
          <strong>Offline: showing the plan as last loaded.</strong> The calendar file comes back when you are online.
        </p>
        <TripDays trip={trip} />
      </>
    );
  }
  const kept = path.replace(/\/+$/, '') === '/trips' && storage ? keptTrips<TripPlanView>(storage) : [];
  if (!kept.length) return <NotKept title="Plan my trip" what="your trips have" />;
  return (
    <>
      <h1>Plan my trip</h1>
      <KeptPlans kept={kept} />
    </>
  );
}

/** Offline with no kept copy; `what` reads "your trips have" or "this trip has". */
function NotKept({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="trip-page__lede" role="status">
        You're offline, and {what} not been opened on this device yet. A plan you open while online stays readable here afterwards.
      </p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </p>
    </>
  );
}
