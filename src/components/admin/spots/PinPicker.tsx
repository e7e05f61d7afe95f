import { Suspense, lazy, useState } from 'react';
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

/**
 * The map of the position field, shown when asked for (its tiles cost the tile provider a fetch
 * each): click to place the pin, drag to move it.
 */
export function PinPicker(props: { settings: MapSettings; position: LatLng | null; onPick: (position: LatLng) => void }) {
  const inBrowser = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <div className="field spot-editor__map">
      <button type="button" className="btn btn--secondary" aria-expanded={shown} aria-controls="pin-map" disabled={!inBrowser} onClick={() => setShown((v) => !v)}>
        {shown ? 'Hide the map' : 'Place the pin on a map'}
      </button>
      {shown && (
        <div id="pin-map" className="spot-editor__map-body">
          <p className="field__hint">Click the map to place the pin, or drag it. The numbers below follow; you can also type them.</p>
          <Suspense fallback={<Loading />}>
            <PinMap {...props} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
