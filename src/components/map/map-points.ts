import type { Place } from '../../features/places/api/get-places';
import type { SpotMarker } from '../../features/spots/api/get-spot-markers';
import { SPOT_CATEGORY_LABELS } from '../../lib/catalog';
import { milesBetween, milesLabel, type LatLng } from '../../lib/geo';
import { openingStatus, type OpeningHours } from '../../lib/opening-hours';
import { openingLabel } from '../../lib/opening-hours-labels';
import type { MapPoint } from './PlaceMap';

function statusOf(hours: OpeningHours | null | undefined, now: Date): string | null {
  return hours ? openingLabel(openingStatus(hours, now), now) : null;
}

function withDistance(detail: string | null, position: LatLng, origin: LatLng | null): string | null {
  if (!origin) return detail;
  const away = `${milesLabel(milesBetween(origin, position))} away`;
  return detail ? `${away} · ${detail}` : away;
}

/** Spots as map pins: each opens its spot page. */
export function spotMapPoints(markers: SpotMarker[], origin: LatLng | null, now = new Date()): MapPoint[] {
  return markers.map((marker) => ({
    id: `spot-${marker.id}`,
    name: marker.name,
    latitude: marker.latitude,
    longitude: marker.longitude,
    tone: marker.category,
    kind: SPOT_CATEGORY_LABELS[marker.category],
    detail: withDistance(marker.neighbourhood ?? marker.hook, marker, origin),
    status: statusOf(marker.hours, now),
    href: `/spots/${marker.slug}`,
    external: false,
  }));
}

/** Restaurants and activities as pins: each opens the place's own page elsewhere. */
export function placeMapPoints(places: Place[], kind: 'restaurant' | 'activity', origin: LatLng | null, now = new Date()): MapPoint[] {
  return places.flatMap((place) =>
    place.latitude === null || place.longitude === null
      ? []
      : [
          {
            id: `place-${place.id}`,
            name: place.name,
            latitude: place.latitude,
            longitude: place.longitude,
            tone: kind,
            kind: place.tags[0] ?? (kind === 'restaurant' ? 'Restaurant' : 'Activity'),
            detail: withDistance(place.location, { latitude: place.latitude, longitude: place.longitude }, origin),
            status: statusOf(place.hours, now) ?? place.openingStatus,
            href: place.link,
            external: true,
          },
        ],
  );
}
