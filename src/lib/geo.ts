/** A position on Earth, in degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** "0.4 mi", "3.2 mi", "12 mi". */
export function milesLabel(miles: number): string {
  return `${miles < 10 ? Math.max(0.1, Math.round(miles * 10) / 10).toFixed(1) : Math.round(miles)} mi`;
}

/** Miles from `origin` to each item that has a position, by id. */
export function distancesFrom(origin: LatLng, items: readonly { id: number; latitude: number | null; longitude: number | null }[]): Map<number, number> {
  const miles = new Map<number, number>();
  for (const item of items)
    if (item.latitude !== null && item.longitude !== null) miles.set(item.id, milesBetween(origin, { latitude: item.latitude, longitude: item.longitude }));
  return miles;
}

/** Closest first; items without a position last, in their order. */
export function nearestFirst<T extends { id: number }>(items: readonly T[], distances: Map<number, number>): T[] {
  return [...items].sort((a, b) => (distances.get(a.id) ?? Infinity) - (distances.get(b.id) ?? Infinity));
}
