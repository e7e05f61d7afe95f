import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import { useEffect, useRef } from 'react';
import type { LatLng } from '../../lib/geo';
import './map.css';

/** One thing on the map: a spot, a restaurant or an activity. */
export interface MapPoint extends LatLng {
  id: string;
  name: string;
  /** Colours the pin: a spot category, `restaurant` or `activity`. */
  tone: string;
  kind: string;
  detail: string | null;
  status: string | null;
  href: string;
  external: boolean;
}

export interface MapSettings {
  tiles: string;
  attribution: string;
  attributionUrl: string;
  maxZoom: number;
}

interface Props {
  points: MapPoint[];
  settings: MapSettings;
  origin: LatLng | null;
  label: string;
}

const SCOTTSDALE: L.LatLngTuple = [33.4942, -111.9261];

function text(tag: string, className: string, value: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = value;
  return element;
}

/** The small card a marker opens: built from text nodes, never from markup. */
function card(point: MapPoint): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-card';
  root.append(text('p', 'map-card__kind', point.kind));
  const link = text('a', 'map-card__name', point.name) as HTMLAnchorElement;
  link.href = point.href;
  if (point.external) Object.assign(link, { target: '_blank', rel: 'noopener noreferrer' });
  root.append(link);
  if (point.detail) root.append(text('p', 'map-card__detail', point.detail));
  if (point.status) root.append(text('p', `map-card__status map-card__status--${point.status.startsWith('Open') ? 'open' : 'closed'}`, point.status));
  return root;
}

function describe(marker: L.Marker, attributes: Record<string, string>) {
  const element = marker.getElement();
  if (!element) return;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * The map view (loaded only when shown): OpenStreetMap-style tiles through the site, one pin per
 * point coloured by kind, close pins grouped into a numbered cluster that zooms in when chosen,
 * and a card with the link when a pin is chosen. Pins and clusters are buttons in the tab order
 * (Enter opens them); arrow keys pan the map.
 */
export default function PlaceMap({ points, settings, origin, label }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!holder.current) return;
    const created = L.map(holder.current, { zoomControl: true, attributionControl: false, maxZoom: settings.maxZoom, minZoom: 9 }).setView(SCOTTSDALE, 11);
    L.tileLayer(settings.tiles, { maxZoom: settings.maxZoom, tileSize: 256, crossOrigin: false }).addTo(created);
    const credit = L.control.attribution({ prefix: false }).addTo(created);
    const anchor = document.createElement('a');
    anchor.href = settings.attributionUrl;
    anchor.rel = 'noopener noreferrer';
    anchor.target = '_blank';
    anchor.textContent = settings.attribution;
    credit.addAttribution(anchor.outerHTML);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [settings]);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    const index = new Supercluster<MapPoint>({ radius: 56, maxZoom: 16 });
    index.load(points.map((point) => ({ type: 'Feature', properties: point, geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] } })));

    // The pin whose card is open survives redraws (opening a card pans the map, which redraws the pins).
    let open: { id: string; marker: L.Marker } | null = null;
    const draw = () => {
      group.eachLayer((layer) => {
        if (layer !== open?.marker) group.removeLayer(layer);
      });
      const bounds = current.getBounds();
      const zoom = Math.round(current.getZoom());
      for (const feature of index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom)) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as MapPoint | Supercluster.ClusterProperties;
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count;
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: 'map-cluster', html: String(count), iconSize: [40, 40] }),
            keyboard: true,
            title: `${count} places here`,
          }).addTo(group);
          describe(marker, { role: 'button', 'aria-label': `${count} places here: zoom in`, 'data-cluster-count': String(count) });
          marker.on('click', () => current.setView([lat, lng], Math.min(index.getClusterExpansionZoom(properties.cluster_id), settings.maxZoom)));
        } else {
          const point = properties as MapPoint;
          if (open?.id === point.id) continue;
          const marker = L.marker([lat, lng], {
            icon: L.divIcon({ className: `map-pin map-pin--${point.tone}`, html: '<span></span>', iconSize: [30, 30], iconAnchor: [15, 28], popupAnchor: [0, -26] }),
            keyboard: true,
            title: point.name,
          }).addTo(group);
          describe(marker, { role: 'button', 'aria-label': point.name, 'data-marker-id': point.id });
          marker.bindPopup(() => card(point), { maxWidth: 260, minWidth: 200 });
          marker.on('popupopen', () => (open = { id: point.id, marker }));
          marker.on('popupclose', () => {
            if (open?.marker === marker) open = null;
          });
        }
      }
      if (origin) {
        L.circleMarker([origin.latitude, origin.longitude], { radius: 8, color: '#fff', weight: 3, fillColor: '#2f6fde', fillOpacity: 1, className: 'map-you' })
          .bindTooltip('You are here')
          .addTo(group);
      }
    };

    const anchors: L.LatLngTuple[] = points.map((p) => [p.latitude, p.longitude]);
    if (origin) current.setView([origin.latitude, origin.longitude], 14);
    else if (anchors.length > 0) current.fitBounds(L.latLngBounds(anchors), { padding: [32, 32], maxZoom: 15 });
    draw();
    current.on('moveend', draw);
    return () => {
      current.off('moveend', draw);
    };
  }, [points, origin, settings.maxZoom]);

  return <div ref={holder} className="place-map" role="region" aria-label={label} data-point-count={points.length} />;
}
