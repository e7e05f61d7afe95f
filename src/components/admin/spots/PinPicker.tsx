import { Suspense, lazy } from 'react';
import type { LatLng } from '../../../lib/geo';
import type { MapSettings } from '../../map/PlaceMap';
import { useHydrated } from '../../ui/use-hydrated';

// Leaflet is fetched only when the editor is open in a browser.
const PinMap = lazy(() => import('./PinMap'));

function Loading() {
  return (
    <div className="place-map place-map--loading pin-map" role="status">
      Loading the map…
    </div>
  );
}

/** The map of the position field: click to place the pin, drag to move it. */
export function PinPicker(props: { settings: MapSettings; position: LatLng | null; onPick: (position: LatLng) => void }) {
  const inBrowser = useHydrated();
  return (
    <div className="field spot-editor__map">
      <p className="field__hint" id="pin-map-hint">
        Click the map to place the pin, or drag it. The numbers below follow; you can also type them.
      </p>
      {inBrowser ? (
        <Suspense fallback={<Loading />}>
          <PinMap {...props} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </div>
  );
}
