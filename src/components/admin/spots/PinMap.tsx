import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { LatLng } from '../../../lib/geo';
import type { MapSettings } from '../../map/PlaceMap';
import '../../map/map.css';

interface Props {
  settings: MapSettings;
  /** The pin as the fields say now; null before a position is known. */
  position: LatLng | null;
  onPick: (position: LatLng) => void;
}

const SCOTTSDALE: L.LatLngTuple = [33.4942, -111.9261];
/** Five decimals: about a metre, as precise as a pin dropped by hand can be. */
const rounded = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * The spot's pin on the map: a click (or tap) on the map puts it there, and it can be dragged.
 * The typed numbers stay the keyboard's way in, so the map itself is left out of the tab order.
 */
export default function PinMap({ settings, position, onPick }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!holder.current) return;
    const created = L.map(holder.current, { zoomControl: true, keyboard: false, attributionControl: false, maxZoom: settings.maxZoom, minZoom: 9 }).setView(
      SCOTTSDALE,
      12,
    );
    L.tileLayer(settings.tiles, { maxZoom: settings.maxZoom, tileSize: 256, crossOrigin: false }).addTo(created);
    const credit = L.control.attribution({ prefix: false }).addTo(created);
    const anchor = document.createElement('a');
    anchor.href = settings.attributionUrl;
    anchor.rel = 'noopener noreferrer';
    anchor.target = '_blank';
    anchor.textContent = settings.attribution;
    credit.addAttribution(anchor.outerHTML);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current({ latitude: rounded(event.latlng.lat), longitude: rounded(event.latlng.lng) }));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      pin.current = null;
    };
  }, [settings]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!position) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    const at: L.LatLngTuple = [position.latitude, position.longitude];
    if (!pin.current) {
      pin.current = L.marker(at, {
        draggable: true,
        keyboard: false,
        icon: L.divIcon({ className: 'map-pin map-pin--food', html: '<span></span>', iconSize: [30, 30], iconAnchor: [15, 28] }),
        title: 'The spot',
      }).addTo(current);
      pin.current.on('dragend', () => {
        const moved = pin.current!.getLatLng();
        pick.current({ latitude: rounded(moved.lat), longitude: rounded(moved.lng) });
      });
      current.setView(at, Math.max(current.getZoom(), 15));
    } else {
      pin.current.setLatLng(at);
      if (!current.getBounds().contains(at)) current.panTo(at);
    }
  }, [position]);

  return <div ref={holder} className="place-map pin-map" data-pin-map aria-hidden="true" />;
}
