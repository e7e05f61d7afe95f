// @ts-check
// Every route of the site and its rules, in one table: which methods it serves, who may call each
// method, how large a body may be, which rate-limit bucket a call spends, how its answers may be
// cached and how the service worker treats it. The middleware, the write limits, page
// revalidation, scripts/serve.mjs (body caps) and the service worker config read it, and a test
// fails when a file under src/pages has no entry (or an entry has no file).
//
// Keys are route patterns as Astro names them (`/api/spots/[id]/love`), never raw paths: one
// route has many spellings (trailing or doubled slashes, percent-escapes).

import { BODY_CAPS, BODY_TOO_LARGE_MESSAGE, BODY_TOO_LARGE_MESSAGES } from './body-caps.mjs';
import { PUBLIC, staffWith, FORM, REACTION, TRIP_WRITE, page, privatePage, staffPage, read, unstored, write } from './route-policy-kinds.mjs';
export { pathsSource } from './route-policy-kinds.mjs';

/**
 * @typedef {import('./route-policy-kinds.mjs').Access} Access
 * @typedef {import('./route-policy-kinds.mjs').BodyCap} BodyCap
 * @typedef {import('./route-policy-kinds.mjs').LimitBucket} LimitBucket
 * @typedef {import('./route-policy-kinds.mjs').MethodPolicy} MethodPolicy
 * @typedef {import('./route-policy-kinds.mjs').CacheClass} CacheClass
 * @typedef {import('./route-policy-kinds.mjs').SwStrategy} SwStrategy
 * @typedef {import('./route-policy-kinds.mjs').RoutePolicy} RoutePolicy
 */

/** @type {Readonly<Record<string, RoutePolicy>>} */
export const ROUTE_POLICIES = Object.freeze({
  // Pages
  '/': page(),
  '/404': page(),
  '/about': page(),
  '/account': privatePage(),
  '/admin': privatePage(),
  // Back office: each page needs its section's permission (src/lib/staff-roles.ts).
  '/admin/account': staffPage('dashboard:read'),
  '/admin/staff': staffPage('staff:manage'),
  // Accepting an invite: the link's token is the proof, checked by the page and the endpoint.
  '/admin/invite': page('no-store', 'network-only'),
  '/admin/events': staffPage('events:import'),
  '/admin/history': staffPage('history:read'),
  '/admin/members': staffPage('members:read'),
  '/admin/members/[email]': staffPage('members:read'),
  '/admin/members/revenue': staffPage('revenue:read'),
  '/admin/newsletter': staffPage('newsletter:read'),
  '/admin/places': staffPage('places:edit'),
  '/admin/places/new': staffPage('places:edit'),
  '/admin/places/[id]': staffPage('places:edit'),
  '/admin/events/new': staffPage('events:edit'),
  '/admin/events/[id]': staffPage('events:edit'),
  // Searches that found nothing, for the editors who add spots.
  '/admin/search': staffPage('spots:edit'),
  '/admin/spots': staffPage('spots:add'),
  '/admin/spots/[id]': staffPage('spots:edit'),
  '/admin/stories': staffPage('stories:write'),
  '/admin/stories/new': staffPage('stories:write'),
  '/admin/stories/[id]': staffPage('stories:write'),
  '/admin/suggestions': staffPage('suggestions:review'),
  '/admin/offers': staffPage('offers:manage'),
  '/blog': page(),
  '/blog/[slug]': page(),
  // A Story's secret preview link: the signed token is the proof; never kept, never indexed.
  '/preview/story': page('no-store', 'network-only'),
  '/events': page(),
  // The policies: the same for everyone, kept like any public page.
  '/privacy': page(),
  '/refunds': page(),
  '/terms': page(),
  '/launch': page(),
  // An offer's page: whether it is open changes with the clock and its redemptions, so never kept.
  '/offer/[code]': page('no-store', 'network-only'),
  '/gift': page(),
  '/gift/sent': privatePage(),
  // A gift's redeem link: the signed token is the proof; never kept, never indexed.
  '/gift/[token]': page('no-store', 'network-only'),
  '/newsletter/confirm': page('no-store', 'network-only'),
  '/offline': page('public', 'precache'),
  '/offline/trip': page('public', 'precache'),
  '/saved': privatePage(),
  '/sign-in': page(),
  '/sign-up': page(),
  '/search': page(),
  '/spots': page(),
  // Per visitor: the view is counted for them and the premium part follows their meter.
  // Shared by every visitor without a meter; a metered visitor's page says `private` itself.
  '/spots/[slug]': page('public', 'network-only'),
  '/subscribe': page(),
  '/success': privatePage(),
  '/suggest': page(),
  '/top-spots': page(),
  // Trips: the planner is one reader's; a shared plan is read by its unguessable link, which the
  // owner can revoke at once, so no copy of it is kept anywhere.
  '/trips': privatePage(),
  '/trips/[token]': page('no-store', 'network-only'),
  '/trips/[token].ics': { kind: 'file', methods: { GET: PUBLIC }, cache: 'no-store', sw: 'network-only' },
  '/unsubscribe': page('no-store', 'network-only'),
  // Files
  '/robots.txt': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  '/sitemap.xml': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  // Feeds: stories as RSS and JSON Feed, upcoming events as iCalendar, one event's .ics.
  '/blog/rss.xml': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  '/blog/feed.json': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  '/events.ics': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  '/events/[id].ics': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  '/spots/[slug].ics': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  // Share cards for link previews, made from a page's picture and name.
  '/share/[kind]/[id].jpg': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  // Uploaded photos: immutable copies, kept by the browser for a year.
  '/uploads/[key]/[file]': { kind: 'file', methods: { GET: PUBLIC }, cache: 'public', sw: 'network-only' },
  // Map tiles, fetched by the server from MAP_TILES_URL and kept.
  '/tiles/[z]/[x]/[y].png': { kind: 'file', methods: { GET: { access: 'public', limit: 'tiles' } }, cache: 'public', sw: 'map-tiles' },
  '/admin/newsletter/preview': { kind: 'file', methods: { GET: staffWith('newsletter:read') }, cache: 'no-store', sw: 'network-only' },
  // Public reads
  '/api/blog': read(),
  '/api/blog/[slug]': read(),
  '/api/blog/category/[category]': read(),
  '/api/blog/featured': read(),
  '/api/events': read(),
  // One search across the guide: the same answer for everyone; misses are sent no-store (counted each time).
  '/api/search': read(),
  '/api/spots/by-slug/[slug]': read(),
  '/api/spots/featured': read(),
  '/api/spots/map': read(),
  '/api/spots/top': read(),
  '/api/top-activities': read(),
  '/api/top-restaurants': read(),
  '/api/trips': { kind: 'api', methods: { GET: PUBLIC, POST: TRIP_WRITE }, cache: 'no-store', sw: 'network-only' },
  '/api/trips/[id]': unstored({ GET: PUBLIC, PATCH: TRIP_WRITE, DELETE: { access: 'visitor', limit: 'saves' } }),
  '/api/trips/[id]/share': unstored({ POST: { access: 'visitor', limit: 'saves' }, DELETE: { access: 'visitor', limit: 'saves' } }),
  '/api/trips/[id]/calendar': unstored({ GET: PUBLIC }),
  '/api/weekly-events': read(),
  '/api/spots': { kind: 'api', methods: { GET: PUBLIC, POST: staffWith('spots:add', { body: 'json' }) }, cache: 'public', sw: 'stale-while-revalidate' },
  // About one visitor
  '/api/account': read(PUBLIC, 'private'),
  '/api/account/data': read({ access: 'signed-in' }, 'no-store'),
  '/api/account/plan': read(PUBLIC, 'no-store'),
  '/api/account/delete': write({ access: 'signed-in', body: 'json', limit: 'forms' }),
  '/api/subscription/status': read(PUBLIC, 'private'),
  // The visitor's free-view meter: about one visitor, never kept.
  '/api/paywall': read(PUBLIC, 'private'),
  '/api/session': { kind: 'api', methods: { GET: PUBLIC, POST: FORM, DELETE: PUBLIC }, cache: 'private', sw: 'network-only' },
  '/api/saved': { kind: 'api', methods: { GET: PUBLIC, POST: { access: 'signed-in', body: 'json', limit: 'saves' } }, cache: 'private', sw: 'network-only' },
  '/api/saved/[id]': unstored({ DELETE: { access: 'signed-in', limit: 'saves' } }),
  // Visitor writes
  '/api/spots/[id]/love': write(REACTION),
  '/api/spots/[id]/view': write(REACTION),
  '/api/spots/[id]/visit': write(REACTION),
  '/api/suggestions': write(FORM),
  '/api/spots/[id]/corrections': write(FORM),
  '/api/subscribe': write(FORM),
  '/api/create-subscription': write(FORM),
  '/api/gifts': write(FORM),
  '/api/gifts/redeem': write(FORM),
  '/api/funnel/dialog-opened': write(REACTION),
  '/api/newsletter/resubscribe': write(FORM),
  '/api/newsletter/confirm': write({ access: 'public', body: 'json' }),
  '/api/newsletter/unsubscribe': write({ access: 'signed-link', body: 'json' }),
  '/api/subscription/success': write({ access: 'public', body: 'json' }),
  '/api/billing-portal': write({ access: 'public', body: 'json' }),
  // Admin
  // Sign-in (POST) and Sign Out (DELETE, `?scope=all` for every device): public, as the gate is.
  '/api/admin/auth': unstored({ POST: { access: 'public', body: 'json' }, DELETE: PUBLIC }),
  // Staff sign-in with a Clerk account an invite bound (public, as the gate is; Clerk's session is the proof).
  '/api/admin/auth/clerk': write({ access: 'public', limit: 'forms' }),
  '/api/admin/newsletter': read(staffWith('newsletter:read'), 'no-store'),
  // The newsletter desk: this week's editor's note (version-checked), a test to oneself, Send now.
  '/api/admin/newsletter/note': unstored({ GET: staffWith('newsletter:read'), PUT: staffWith('newsletter:send', { body: 'json' }) }),
  '/api/admin/newsletter/test-send': write(staffWith('newsletter:send', { limit: 'forms' })),
  '/api/admin/newsletter/send': write(staffWith('newsletter:send', { body: 'json' })),
  // Passkeys: each member of staff adds and removes their own (any role); signing in with one is
  // public, as the gate is, and spends the per-address forms limit (each call keeps a challenge).
  '/api/admin/passkeys': unstored({ GET: staffWith('dashboard:read'), POST: staffWith('dashboard:read', { body: 'json' }) }),
  '/api/admin/passkeys/options': write(staffWith('dashboard:read')),
  '/api/admin/passkeys/[id]': unstored({ DELETE: staffWith('dashboard:read') }),
  '/api/admin/passkeys/sign-in/options': write({ access: 'public', limit: 'forms' }),
  '/api/admin/passkeys/sign-in': write({ access: 'public', body: 'json', limit: 'forms' }),
  // Staff accounts, invites and sessions (docs/decisions/022-staff-accounts-and-permissions.md).
  '/api/admin/staff': read(staffWith('staff:manage'), 'no-store'),
  '/api/admin/staff/[id]': unstored({ PATCH: staffWith('staff:manage', { body: 'json' }) }),
  '/api/admin/staff/[id]/ownership': write(staffWith('staff:manage')),
  '/api/admin/invites': unstored({ GET: staffWith('staff:manage'), POST: staffWith('staff:manage', { body: 'json' }) }),
  '/api/admin/invites/[id]': unstored({ DELETE: staffWith('staff:manage') }),
  '/api/admin/invites/accept': write({ access: 'public', body: 'json', limit: 'forms' }),
  '/api/admin/sessions': read(staffWith('staff:manage'), 'no-store'),
  '/api/admin/sessions/[id]': unstored({ DELETE: staffWith('staff:manage') }),
  // Every member of staff sees and ends their own sessions.
  '/api/admin/sessions/mine': read(staffWith('dashboard:read'), 'no-store'),
  '/api/admin/sessions/mine/[id]': unstored({ DELETE: staffWith('dashboard:read') }),
  '/api/browse-ai/status': { ...read(staffWith('events:import'), 'no-store'), errorField: true },
  '/api/browse-ai/tasks/[id]': { ...read(staffWith('events:import'), 'no-store'), errorField: true },
  '/api/browse-ai/trigger': { ...write(staffWith('events:import')), errorField: true },
  '/api/suggestions/pending': read(staffWith('suggestions:review'), 'no-store'),
  // The listings desk: a new spot as a draft, one spot as its editor opens it, and its edits (version-checked).
  '/api/admin/spots': write(staffWith('spots:add', { body: 'json' })),
  '/api/admin/spots/[id]': unstored({ GET: staffWith('spots:edit'), PATCH: staffWith('spots:edit', { body: 'json' }) }),
  '/api/admin/spots/[id]/archive': write(staffWith('spots:archive')),
  '/api/admin/spots/[id]/restore': write(staffWith('spots:archive')),
  // The Stories studio (docs/decisions/026-stories-studio.md): writers save drafts, Editors publish.
  '/api/admin/stories': unstored({ GET: staffWith('stories:write'), POST: staffWith('stories:write', { body: 'story' }) }),
  '/api/admin/stories/[id]': unstored({ GET: staffWith('stories:write'), PATCH: staffWith('stories:write', { body: 'story' }), DELETE: staffWith('stories:delete') }),
  '/api/admin/stories/[id]/submit': write(staffWith('stories:write', { body: 'json' })),
  '/api/admin/stories/[id]/publish': write(staffWith('stories:publish', { body: 'json' })),
  '/api/admin/stories/[id]/schedule': write(staffWith('stories:publish', { body: 'json' })),
  '/api/admin/stories/[id]/unpublish': write(staffWith('stories:publish', { body: 'json' })),
  '/api/admin/stories/[id]/archive': write(staffWith('stories:publish', { body: 'json' })),
  '/api/admin/stories/[id]/unarchive': write(staffWith('stories:publish', { body: 'json' })),
  '/api/admin/stories/[id]/preview': write(staffWith('stories:write')),
  '/api/admin/stories/[id]/revisions': read(staffWith('stories:write'), 'no-store'),
  '/api/admin/stories/[id]/revisions/[revision]/restore': write(staffWith('stories:write', { body: 'json' })),
  '/api/admin/stories/[id]/version': read(staffWith('stories:write'), 'no-store'),
  '/api/admin/stories/spots': read(staffWith('stories:write'), 'no-store'),
  '/api/admin/uploads': write(staffWith('uploads:add', { body: 'imageUpload' })),
  // The Events desk (docs/decisions/025-places-and-events-desk.md): list, add, edit, hide and show.
  '/api/admin/events': unstored({ GET: staffWith('events:edit'), POST: staffWith('events:edit', { body: 'json' }) }),
  '/api/admin/events/[id]': unstored({ GET: staffWith('events:edit'), PATCH: staffWith('events:edit', { body: 'json' }) }),
  '/api/admin/events/[id]/hide': write(staffWith('events:edit')),
  '/api/admin/events/[id]/show': write(staffWith('events:edit')),
  // The Places desk: list, add, edit, archive and restore; CSV import (preview, then confirm) and export.
  '/api/admin/places': unstored({ GET: staffWith('places:edit'), POST: staffWith('places:edit', { body: 'json' }) }),
  '/api/admin/places/[id]': unstored({ GET: staffWith('places:edit'), PATCH: staffWith('places:edit', { body: 'json' }) }),
  '/api/admin/places/[id]/archive': write(staffWith('places:edit')),
  '/api/admin/places/[id]/restore': write(staffWith('places:edit')),
  '/api/admin/places/import': write(staffWith('places:edit', { body: 'placesCsv' })),
  '/api/admin/places/export': read(staffWith('places:edit'), 'no-store'),
  // Members and revenue (docs/decisions/027-members-and-revenue.md).
  '/api/admin/members': read(staffWith('members:read'), 'no-store'),
  '/api/admin/members/export': read(staffWith('members:read'), 'no-store'),
  '/api/admin/members/revenue': read(staffWith('revenue:read'), 'no-store'),
  '/api/admin/members/import': write(staffWith('members:manage', { body: 'csvImport' })),
  '/api/admin/members/refund': write(staffWith('members:manage', { body: 'json' })),
  '/api/admin/members/refund-gift': write(staffWith('members:manage', { body: 'json' })),
  '/api/admin/members/cancel': write(staffWith('members:manage', { body: 'json' })),
  '/api/admin/members/comp': write(staffWith('members:manage', { body: 'json' })),
  '/api/admin/members/resend-confirmation': write(staffWith('members:manage', { body: 'json' })),
  '/api/admin/members/labels/add': write(staffWith('members:label', { body: 'json' })),
  '/api/admin/members/labels/remove': write(staffWith('members:label', { body: 'json' })),
  '/api/admin/offers': write(staffWith('offers:manage', { body: 'json' })),
  '/api/admin/offers/[code]': unstored({ PATCH: staffWith('offers:manage', { body: 'json' }) }),
  '/api/suggestions/[id]/approve': write(staffWith('suggestions:review')),
  '/api/suggestions/[id]/reject': write(staffWith('suggestions:review')),
  // "Create spot from suggestion": a draft from an approved suggestion (the handler also needs spots:add).
  '/api/suggestions/[id]/spot': write(staffWith('suggestions:review')),
  // Readers' corrections of spots: the inbox beside the suggestions, accepted through the spot editor's service.
  '/api/admin/corrections': read(staffWith('suggestions:review'), 'no-store'),
  '/api/admin/corrections/[id]/accept': write(staffWith('suggestions:review', { body: 'json' })),
  '/api/admin/corrections/[id]/reject': write(staffWith('suggestions:review')),
  // Outside services
  '/api/stripe/webhook': write({ access: 'webhook', body: 'stripeWebhook' }),
  '/api/browse-ai/webhook': write({ access: 'webhook', body: 'browseAiWebhook' }),
  // Any other /api path: a JSON 404 (every method).
  '/api/[...path]': unstored({}),
});

/** The policy of a route pattern; undefined for a pattern the table does not know. */
export function routePolicy(/** @type {string} */ pattern) {
  return Object.hasOwn(ROUTE_POLICIES, pattern) ? ROUTE_POLICIES[pattern] : undefined;
}

/** Routes whose cap is larger than a JSON form's; only fixed paths (no parameters) earn one. */
const LARGER_CAPS = new Map(
  Object.entries(ROUTE_POLICIES).flatMap(([pattern, policy]) =>
    Object.values(policy.methods)
      .filter((method) => method.body && BODY_CAPS[method.body] > BODY_CAPS.json && !pattern.includes('['))
      .map((method) => /** @type {[string, BodyCap]} */ ([pattern, /** @type {BodyCap} */ (method.body)])),
  ),
);

/** The named cap of a raw path; a spelling that does not match the table gets the JSON cap. */
function capNameFor(/** @type {string | undefined} */ path) {
  const pathname =
    String(path ?? '/')
      .split('?')[0]
      ?.replace(/\/+$/, '') ?? '';
  return LARGER_CAPS.get(pathname) ?? 'json';
}

/**
 * The body cap for a raw request path, before any routing. The path is only lightly normalised
 * here: a spelling that does not match the table gets the JSON cap, so a stranger path can never
 * earn a larger one.
 */
export function bodyCapFor(/** @type {string | undefined} */ path) {
  return BODY_CAPS[capNameFor(path)];
}

/** What a body over the cap of this raw path is told. */
export function bodyTooLargeMessageFor(/** @type {string | undefined} */ path) {
  const name = capNameFor(path);
  return Object.hasOwn(BODY_TOO_LARGE_MESSAGES, name) ? BODY_TOO_LARGE_MESSAGES[/** @type {keyof typeof BODY_TOO_LARGE_MESSAGES} */ (name)] : BODY_TOO_LARGE_MESSAGE;
}

/** Route patterns with a given service-worker strategy and kind (for the worker's URL rules). */
export function routesWith(/** @type {SwStrategy} */ sw, /** @type {RoutePolicy['kind']} */ kind) {
  return Object.entries(ROUTE_POLICIES)
    .filter(([, policy]) => policy.sw === sw && policy.kind === kind)
    .map(([pattern]) => pattern);
}
