// @ts-check
// Names the service worker config and the page scripts share. Kept apart from pwa.config.mjs,
// which builds the worker's rules at config time and is not meant for the browser bundle.

/** Cache of visited pages, read back when the network is gone. register-app.ts fills it too; signing out empties it. */
export const PAGES_CACHE = 'pages';
/** Cache of GET /api reads; every successful write, and signing out, empties it. */
export const API_READS_CACHE = 'api-reads';
export const OFFLINE_PAGE = '/offline';
/** What `/trips` and a shared `/trips/{token}` show offline: the plan this browser kept, read from its storage. */
export const OFFLINE_TRIP_PAGE = '/offline/trip';
/** Map tiles, capped on their own. */
export const MAP_TILES_CACHE = 'map-tiles';
