import { config } from '../config';
import { HttpError } from '../http/responses';

/** The area the map shows, with a margin: tiles elsewhere are not fetched (the proxy is not an open one). */
const AREA = { north: 34.2, south: 33.1, west: -112.5, east: -111.3 };
/** Below this zoom a tile covers most of a state, and there are few of them: all are served. */
const OPEN_BELOW_ZOOM = 8;
export const MAX_ZOOM = 18;
const FETCH_TIMEOUT_MS = 8000;
const MINUTE_MS = 60_000;

export interface Tile {
  body: Uint8Array;
  type: string;
}

/** Kept tiles, least recently used first, and the bytes they hold (bounded by MAP_TILES_CACHE_MB). */
const kept = new Map<string, Tile>();
let keptBytes = 0;
const inFlight = new Map<string, Promise<Tile>>();
/** When each upstream fetch of the last minute started: the budget is counted over a sliding minute. */
let fetchTimes: number[] = [];

function keep(key: string, tile: Tile) {
  const limit = config().MAP_TILES_CACHE_MB * 1024 * 1024;
  if (tile.body.byteLength > limit) return;
  const old = kept.get(key);
  if (old) keptBytes -= old.body.byteLength;
  kept.delete(key);
  kept.set(key, tile);
  keptBytes += tile.body.byteLength;
  for (const [oldest, { body }] of kept) {
    if (keptBytes <= limit) break;
    kept.delete(oldest);
    keptBytes -= body.byteLength;
  }
}

/** Takes one upstream fetch from this minute's budget; false when it is spent. */
function spendFetch(now = Date.now()): boolean {
  fetchTimes = fetchTimes.filter((at) => at > now - MINUTE_MS);
  if (fetchTimes.length >= config().MAP_TILES_FETCHES_PER_MINUTE) return false;
  fetchTimes.push(now);
  return true;
}

/** Seconds until the budget has room again. */
export function tileBudgetWait(now = Date.now()): number {
  const oldest = fetchTimes.find((at) => at > now - MINUTE_MS);
  return oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000));
}

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
 * map host, and the tile provider never sees their addresses), and tiles are kept in memory so the
 * provider is asked once per tile, as its usage policy asks. However many tiles are asked for, at
 * most MAP_TILES_FETCHES_PER_MINUTE reach the provider a minute: past that a tile that is not kept
 * is `over-budget` (the map leaves it blank) until the minute has room again.
 */
export async function mapTile(z: number, x: number, y: number): Promise<Tile | 'over-budget' | null> {
  if (!tileAllowed(z, x, y)) return null;
  const key = `${z}/${x}/${y}`;
  const hit = kept.get(key);
  if (hit) {
    keep(key, hit);
    return hit;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    if (!spendFetch()) return 'over-budget';
    pending = fetchTile(z, x, y).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const tile = await pending;
  keep(key, tile);
  return tile;
}

/** The map settings a page hands to the browser. */
export function mapSettings(): { tiles: string; attribution: string; attributionUrl: string; maxZoom: number } {
  const { MAP_ATTRIBUTION, MAP_ATTRIBUTION_URL } = config();
  return { tiles: '/tiles/{z}/{x}/{y}.png', attribution: MAP_ATTRIBUTION, attributionUrl: MAP_ATTRIBUTION_URL, maxZoom: MAX_ZOOM };
}
