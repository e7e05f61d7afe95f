import { useCallback, useState } from 'react';
import type { LatLng } from '../../lib/geo';

export type NearMe = { state: 'off' } | { state: 'locating' } | { state: 'on'; origin: LatLng } | { state: 'refused' | 'unavailable'; message: string };

export const LOCATION_REFUSED = "Location is off for this site, so we can't sort by distance. Allow it in your browser's site settings and try again.";
export const LOCATION_UNAVAILABLE = "We couldn't find your location just now. Check that location services are on and try again.";

/**
 * "Near me": asks the browser for the visitor's position only when they tap it, keeps it in this
 * page's memory, and never sends it anywhere. A refusal or a failure comes back as a sentence.
 */
export function useNearMe(): { nearMe: NearMe; toggle: () => void } {
  const [nearMe, setNearMe] = useState<NearMe>({ state: 'off' });
  const toggle = useCallback(() => {
    if (nearMe.state === 'on' || nearMe.state === 'locating') return setNearMe({ state: 'off' });
    if (!('geolocation' in navigator)) return setNearMe({ state: 'unavailable', message: LOCATION_UNAVAILABLE });
    setNearMe({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setNearMe({ state: 'on', origin: { latitude: coords.latitude, longitude: coords.longitude } }),
      (error) =>
        setNearMe(error.code === error.PERMISSION_DENIED ? { state: 'refused', message: LOCATION_REFUSED } : { state: 'unavailable', message: LOCATION_UNAVAILABLE }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, [nearMe.state]);
  return { nearMe, toggle };
}
