import { Suspense, lazy } from 'react';
import type { LatLng } from '../../lib/geo';
import type { MapPoint, MapSettings } from './PlaceMap';
import { useHydrated } from '../ui/use-hydrated';

// The map's code (Leaflet and clustering) is fetched only when a visitor switches to the map.
const PlaceMap = lazy(() => import('./PlaceMap'));

function Loading() {
  return (
    <div className="place-map place-map--loading" role="status">
      Loading the map…
    </div>
  );
}

/** The map, drawn in the browser only: the server sends the loading box (a lazy component cannot be rendered to a string). */
export function LazyMap(props: { points: MapPoint[]; settings: MapSettings; origin: LatLng | null; label: string }) {
  const inBrowser = useHydrated();
  if (!inBrowser) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <PlaceMap {...props} />
    </Suspense>
  );
}
