import { Suspense, lazy } from 'react';
import type { LatLng } from '../../lib/geo';
import type { MapPoint, MapSettings } from './PlaceMap';

// The map's code (Leaflet and clustering) is fetched only when a visitor switches to the map.
const PlaceMap = lazy(() => import('./PlaceMap'));

export function LazyMap(props: { points: MapPoint[]; settings: MapSettings; origin: LatLng | null; label: string }) {
  return (
    <Suspense
      fallback={
        <div className="place-map place-map--loading" role="status">
          Loading the map…
        </div>
      }>
      <PlaceMap {...props} />
    </Suspense>
  );
}
