// @ts-check
// The installable app: web manifest and the service worker's caching rules (@vite-pwa/astro).
// The urlPattern and plugin functions are copied as source into sw.js, so they must not
// reference anything outside their own body.
import { pathsSource, routesWith } from './src/server/http/route-policy.mjs';

import { API_READS_CACHE, MAP_TILES_CACHE, OFFLINE_PAGE, OFFLINE_TRIP_PAGE, PAGES_CACHE } from './src/components/pwa/cache-names.mjs';

// Which pages and reads are never stored comes from the route policy table. The worker's rules
// are copied into sw.js as source, so the paths go in as regular-expression literals.
export const NEVER_STORED_PAGES = pathsSource([...routesWith('network-only', 'page'), ...routesWith('network-only', 'file')]);
const STORED_READS = pathsSource(routesWith('stale-while-revalidate', 'api'));
const MAP_TILES = pathsSource(routesWith('map-tiles', 'file'));
/**
 * A worker URL rule over `url.pathname`, built as source text so it survives being copied into sw.js.
 * @param {string} condition JavaScript over request, url, sameOrigin and `paths` (a RegExp)
 * @param {string} source the RegExp source for `paths`
 * @returns {(options: { request: Request, url: URL, sameOrigin: boolean }) => boolean}
 */
const urlRule = (condition, source) => /** @type {any} */ (new Function('{ request, url, sameOrigin }', `const paths = /${source}/;\nreturn ${condition};`));

const DAY = 24 * 60 * 60;

/** @type {import('@vite-pwa/astro').PwaOptions} */
export const pwaOptions = {
  registerType: 'autoUpdate',
  // Registered by register-app.ts (as /sw.js, scope /).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Scottsdale Local Guide',
    short_name: 'Scottsdale',
    description: 'Curated Scottsdale spots, hikes, hidden gems, events and stories from locals.',
    lang: 'en',
    theme_color: '#a8461f',
    background_color: '#fdfaf5',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    categories: ['travel', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell: build assets, Latin fonts (other scripts load on demand), icons, images
    // and the prerendered offline page. Other pages are rendered per request, so they are
    // cached at runtime instead.
    globPatterns: ['_astro/*.{js,css}', '_astro/*-latin-*.woff2', 'favicon.svg', 'icons/*.png', 'images/**/*.svg', 'offline/index.html', 'offline/trip/index.html'],
    // No app-shell fallback for every navigation: pages come from the server (see below).
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // A new version takes over at once, and the first visit is served by the worker too.
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        // A reader's trips and a shared trip are never stored either; offline, the prerendered
        // trip page shows the plan this browser kept when it last opened them (src/lib/trip/offline.ts).
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && /^\/trips(\/[A-Za-z0-9_-]{43})?\/?$/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: OFFLINE_TRIP_PAGE } },
      },
      {
        // Pages about one visitor (admin, account, saved, checkout results) and the newsletter's
        // emailed links are private and one-off: never stored.
        urlPattern: urlRule(`sameOrigin && request.mode === 'navigate' && paths.test(url.pathname)`, NEVER_STORED_PAGES),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
      },
      {
        // Fresh pages when online; the last visited copy offline; the offline page otherwise.
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: PAGES_CACHE,
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 50, maxAgeSeconds: 14 * DAY },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: OFFLINE_PAGE },
          plugins: [
            {
              // A page the server marks private or no-store is about one visitor (their spots
              // list, their account, a signed-in render): never kept on the device.
              cacheWillUpdate: async ({ response }) => (/\b(no-store|private)\b/i.test(response.headers.get('Cache-Control') ?? '') ? null : response),
            },
          ],
        },
      },
      {
        // A write (love, view, add spot, approve…) makes cached reads stale: drop them.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
        method: 'POST',
        handler: 'NetworkOnly',
        options: {
          plugins: [
            {
              fetchDidSucceed: async ({ response }) => {
                if (response.ok) await caches.delete('api-reads');
                return response;
              },
            },
          ],
        },
      },
      {
        // Public reads the route policy names stale-while-revalidate; never anything the server
        // marks no-store or private (e.g. the spot list, a locked visitor's reads).
        urlPattern: urlRule(`sameOrigin && request.mode !== 'navigate' && paths.test(url.pathname)`, STORED_READS),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: API_READS_CACHE,
          expiration: { maxEntries: 100, maxAgeSeconds: DAY },
          plugins: [
            {
              cacheWillUpdate: async ({ response }) =>
                response.status === 200 && !/\b(no-store|private)\b/i.test(response.headers.get('Cache-Control') ?? '') ? response : null,
            },
          ],
        },
      },
      {
        // Map tiles: cache first, in a small cache of their own, so a panned map never evicts pictures.
        urlPattern: urlRule(`sameOrigin && paths.test(url.pathname)`, MAP_TILES),
        handler: 'CacheFirst',
        options: {
          cacheName: MAP_TILES_CACHE,
          expiration: { maxEntries: 150, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Spot, story and place pictures, including other hosts' (opaque) images.
        urlPattern: ({ request }) => request.destination === 'image',
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'images',
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
      {
        urlPattern: ({ request }) => request.destination === 'font',
        handler: 'CacheFirst',
        options: {
          cacheName: 'fonts',
          expiration: { maxEntries: 20, maxAgeSeconds: 365 * DAY },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  },
};
