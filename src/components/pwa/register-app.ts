import { PAGES_CACHE } from './cache-names.mjs';
// Imported here, in the head, so an install offer made before the prompt island hydrates is kept.
import './install-offer';
// Also here: taps on buttons of islands that have not hydrated yet are held and replayed.
import '../../browser/early-taps';

/** Pages the service worker never stores: the route policy's network-only pages (pwa.config.mjs). */
const NEVER_STORED = new RegExp(__NEVER_STORED_PAGES__);

const firstVisit = 'serviceWorker' in navigator && !navigator.serviceWorker.controller;

/**
 * The worker @vite-pwa/astro builds (pwa.config.mjs), registered at once. A new version takes over
 * quietly (the worker skips waiting and claims its pages) and the page is not reloaded: reloading
 * could throw away what the visitor is typing.
 */
if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => {
      if (firstVisit) return keepThisPageForOffline();
    })
    .catch(() => undefined);
}

/**
 * The page that installs the worker loads before the worker can see it, so it would be missing
 * offline after a first visit. Store a fresh copy once the worker is active, by the worker's
 * rules: nothing the server marks private or no-store.
 */
async function keepThisPageForOffline(): Promise<void> {
  await navigator.serviceWorker.ready;
  if (NEVER_STORED.test(location.pathname) || !('caches' in window)) return;
  const url = location.href.split('#')[0]!;
  const response = await fetch(url, { credentials: 'include' });
  if (response.status !== 200 || /\b(no-store|private)\b/i.test(response.headers.get('Cache-Control') ?? '')) return;
  await (await caches.open(PAGES_CACHE)).put(url, response);
}
