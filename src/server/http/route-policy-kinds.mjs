// @ts-check
// The words of the route table (route-policy.mjs): who may call a method, how answers may be kept,
// how the service worker treats a route, and the few shapes most routes take.

/**
 * Who may call a method:
 * - `public`: anyone.
 * - `visitor`: anyone; the call is recorded against the visitor (signed `sid` cookie) or the user.
 * - `signed-in`: a user signed in with Clerk or the demo sign-in; else 401 JSON for an API, and a
 *   303 to `/sign-in` for a page or file.
 * - `admin`: a live staff session (docs/decisions/019-server-side-sessions.md); else 401 JSON for an
 *   API, and a 303 to the sign-in gate `/admin` for a page or file. Enforced by the middleware on
 *   every route kind.
 * - `webhook`: an outside service, proven by its signature or token (no same-origin check).
 * - `signed-link`: a signed token in the link is the proof (mail providers post it cross-site).
 * @typedef {'public'|'visitor'|'signed-in'|'admin'|'webhook'|'signed-link'} Access
 * @typedef {keyof typeof import('./body-caps.mjs').BODY_CAPS} BodyCap
 * @typedef {'forms'|'reactions'|'saves'|'tiles'} LimitBucket
 * `permission`: for `admin` access, what the member of staff's role must allow (the names and the
 * roles that hold them: src/server/admin/permissions.ts); else 403. Every admin method names one.
 * @typedef {{ access: Access, body?: BodyCap, limit?: LimitBucket, permission?: string }} MethodPolicy
 * How answers may be kept: `public` (shared caches may revalidate a copy; pages get an ETag),
 * `private` (about one visitor: never shared, no ETag), `no-store` (never kept anywhere).
 * @typedef {'public'|'private'|'no-store'} CacheClass
 * The service worker: `network-first` pages (last copy offline), `stale-while-revalidate` API
 * reads, `network-only` (never stored), `precache` (part of the installed app shell), `map-tiles`
 * (cache first, in a small capped cache of their own that never crowds out the pictures).
 * @typedef {'network-first'|'stale-while-revalidate'|'network-only'|'precache'|'map-tiles'} SwStrategy
 * `errorField`: error answers repeat the message as `error` too (the Browse AI admin calls).
 * @typedef {{ kind: 'page'|'api'|'file', methods: Record<string, MethodPolicy>, cache: CacheClass, sw: SwStrategy, errorField?: boolean }} RoutePolicy
 */

/** @type {MethodPolicy} */
export const PUBLIC = { access: 'public' };
/**
 * An admin method that needs a permission of the member of staff's role.
 * @param {string} permission
 * @param {Omit<MethodPolicy, 'access' | 'permission'>} [rest]
 * @returns {MethodPolicy}
 */
export const staffWith = (permission, rest = {}) => ({ access: 'admin', permission, ...rest });
/** @type {MethodPolicy} */
export const FORM = { access: 'public', body: 'json', limit: 'forms' };
/** @type {MethodPolicy} */
export const REACTION = { access: 'visitor', limit: 'reactions' };
/** @type {MethodPolicy} */
export const TRIP_WRITE = { access: 'visitor', body: 'json', limit: 'saves' };

/** @returns {RoutePolicy} */
export const page = (cache = /** @type {CacheClass} */ ('public'), sw = /** @type {SwStrategy} */ ('network-first')) => ({
  kind: 'page',
  methods: { GET: PUBLIC },
  cache,
  sw,
});
/** @returns {RoutePolicy} */
export const privatePage = () => page('private', 'network-only');
/**
 * A back-office page: a live staff session whose role holds the permission, else a 303 to the gate.
 * @param {string} permission
 * @returns {RoutePolicy}
 */
export const staffPage = (permission) => ({ kind: 'page', methods: { GET: staffWith(permission) }, cache: 'no-store', sw: 'network-only' });
/** @returns {RoutePolicy} */
export const read = (access = PUBLIC, cache = /** @type {CacheClass} */ ('public')) => ({
  kind: 'api',
  methods: { GET: access },
  cache,
  sw: cache === 'public' ? 'stale-while-revalidate' : 'network-only',
});
/**
 * An endpoint whose answers are never kept anywhere (writes, one person's reads, the back office).
 * @param {Record<string, MethodPolicy>} methods
 * @returns {RoutePolicy}
 */
export const unstored = (methods) => ({ kind: 'api', methods, cache: 'no-store', sw: 'network-only' });
/** @returns {RoutePolicy} */
export const write = (policy = FORM) => unstored({ POST: policy });

/**
 * A regular expression source matching the paths of the given route patterns (`[id]` is one
 * segment, `[...rest]` any tail), with or without a trailing slash.
 */
export function pathsSource(/** @type {string[]} */ patterns) {
  const one = (/** @type {string} */ pattern) =>
    pattern
      .split('/')
      .map((segment) => (segment.startsWith('[...') ? '.*' : segment.startsWith('[') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\/');
  return `^(?:${patterns.map(one).join('|')})\\/?$`;
}
