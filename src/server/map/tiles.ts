import { config } from '../config';
import { HttpError } from '../http/responses';

/** The area the map shows, with a margin: tiles elsewhere are not fetched (the proxy is not an open one). */
const AREA = { north: 34.2, south: 33.1, west: -112.5, east: -111.3 };
/** Below this zoom a tile covers most of a state, and there are few of them: all are served. */
const OPEN_BELOW_ZOOM = 8;
export const MAX_ZOOM = 18;
const KEEP_TILES = 600;
const FETCH_TIMEOUT_MS = 8000;

export interface Tile {
  body: Uint8Array;
  type: string;
}

const kept = new Map<string, Tile>();
const inFlight = new Map<string, Promise<Tile>>();

/** Web Mercator tile column and row of a position at a zoom. */
export function tileOf(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

/** Whether a tile exists and lies over the area the guide covers. */
export function tileAllowed(z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  if (z < 0 || z > MAX_ZOOM || x < 0 || y < 0 || x >= n || y >= n) return false;
  if (z < OPEN_BELOW_ZOOM) return true;
  const northWest = tileOf(AREA.north, AREA.west, z);
  const southEast = tileOf(AREA.south, AREA.east, z);
  return x >= northWest.x && x <= southEast.x && y >= northWest.y && y <= southEast.y;
}

async function fetchTile(z: number, x: number, y: number): Promise<Tile> {
  const { MAP_TILES_URL, SITE_URL } = config();
  const url = MAP_TILES_URL.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'User-Agent': `ScottsdaleLocalGuide/1.0 (+${SITE_URL ?? 'https://scottsdale.example'})`, Accept: 'image/png,image/*' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(502, 'The map tile server could not be reached.');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) throw new HttpError(502, `The map tile server answered ${response.status}.`);
  return { body: new Uint8Array(await response.arrayBuffer()), type };
}

/**
 * One map tile, through the site: visitors' browsers talk only to this origin (the CSP needs no
 * map host, and the tile provider never sees their addresses), and popular tiles are kept in
 * memory so the provider is asked once per tile, as its usage policy asks.
 */
export async function mapTile(z: number, x: number, y: number): Promise<Tile | null> {
  if (!tileAllowed(z, x, y)) return null;
  const key = `${z}/${x}/${y}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchTile(z, x, y).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const tile = await pending;
  kept.set(key, tile);
  if (kept.size > KEEP_TILES) kept.delete(kept.keys().next().value!);
  return tile;
}

/** The map settings a page hands to the browser. */
export function mapSettings(): { tiles: string; attribution: string; attributionUrl: string; maxZoom: number } {
  const { MAP_ATTRIBUTION, MAP_ATTRIBUTION_URL } = config();
  return { tiles: '/tiles/{z}/{x}/{y}.png', attribution: MAP_ATTRIBUTION, attributionUrl: MAP_ATTRIBUTION_URL, maxZoom: MAX_ZOOM };
}
