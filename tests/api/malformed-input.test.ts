/**
 * Bad input gets a clear error and changes nothing. Well over a thousand
 * deterministic malformed requests go to every route file under src/pages/api — GET and POST,
 * admin routes with and without an admin session, both webhooks — and then:
 * no answer is a 5xx, every 4xx is JSON `{ message: string }`, no write is accepted, and every
 * row of every table is exactly as it was.
 */
import { CreateTripInput } from '../../src/lib/trip/input';
import { createHmac } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from '../../src/lib/email';
import { NewSpotInput } from '../../src/lib/new-spot';
import { SuggestionInput } from '../../src/lib/suggestion';
import { CorrectionInput } from '../../src/lib/correction';
import { DemoSignInInput } from '../../src/lib/demo-sign-in';
import { ROUTE_POLICIES, pathsSource } from '../../src/server/http/route-policy.mjs';
import { signatureHeader, startFakeStripe, type FakeStripe } from '../fakes/stripe-server';
import { describeSnapshotChanges, snapshotDatabase } from '../support/db-snapshot';
import {
  BAD_PATH_SEGMENTS,
  INVALID_JSON_TEXTS,
  NASTY_STRINGS,
  UNDECODABLE_PATH_SEGMENTS,
  WRONG_TOP_LEVEL_JSON,
  deeplyNestedJson,
  mapLimited,
  randomText,
  seededRandom,
  wrongValue,
  type Random,
} from '../support/fuzz';
import { startTestServer, type TestServer } from '../support/server';

const SEED = 0x5c0775da1e;
const CONCURRENCY = 16;
const MAX_JSON_BODY_BYTES = 16 * 1024;
const PASSWORD = 'malformed-input-admin-password';
const SESSION_SECRET = 'malformed-input-session-secret-0123456789';
const BROWSE_AI_TOKEN = 'malformed-input-browse-ai-webhook-token';
const PRICES = ['price_test_monthly', 'price_test_yearly'];
/** A well-formed id no table will ever reach in this test. */
const MISSING_ID = '999999999999';

const API_DIR = resolve(import.meta.dirname, '../../src/pages/api');

interface Probe {
  group: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** The status this probe must get, when the rules leave only one. */
  expectStatus?: number;
}

interface Outcome {
  probe: Probe;
  status: number;
  contentType: string;
  text: string;
}

let stripe: FakeStripe;
let server: TestServer;
let probes: Probe[] = [];
let outcomes: Outcome[] = [];
let before: Record<string, string>;
let after: Record<string, string>;
const serverLog: string[] = [];
const cookies = { admin: '', expiredAdmin: '', forgedAdmin: '', unverifiedSubscriber: '', verifiedSubscriber: '', forgedSubscriber: '' };

// ---------- what would be a *valid* request (such probes are dropped: every probe must be refused)

const sign = (value: string) => `${value}.${createHmac('sha256', SESSION_SECRET).update(value).digest('base64url')}`;
const EmailBody = z.object({ email: emailSchema });
const BrowseAiDelivery = z.object({ event: z.string().max(100), task: z.looseObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) }) });

/** What the server will parse out of a body: fetch sends UTF-8 (lone surrogates become U+FFFD) and drops a BOM. */
function parsedLikeServer(body: string | Uint8Array): { ok: true; data: unknown } | { ok: false } {
  let text = typeof body === 'string' ? Buffer.from(body, 'utf8').toString('utf8') : new TextDecoder().decode(body);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const byteLength = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength);
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const encode = (text: string) => encodeURIComponent(wellFormed(text));
/** Dot segments and encoded slashes change which route a path reaches (`/a/%2E%2E/b` is `/b`). */
const reroutes = (segment: string) => /%2E|%2F/i.test(segment);
/** Control characters, ';' or '=' in an API path are refused before routing, with a JSON 400. */
const unreadable = (segment: string) => /%0[0-9A-F]|%1[0-9A-F]|%3B|%3D|[;=]/i.test(segment);
const pathStatus = (segment: string, otherwise: number) => (reroutes(segment) ? undefined : unreadable(segment) ? 400 : otherwise);

// ---------- the routes

interface JsonRoute {
  path: string;
  template: Record<string, unknown>;
  /** True when the server would accept the parsed body (or act on it). */
  accepts: (data: unknown) => boolean;
  admin?: boolean;
  webhook?: boolean;
  /** Needs a signed-in user; the fuzzer never has one, so it is always a 401. */
  signedIn?: boolean;
}

const JSON_ROUTES: JsonRoute[] = [
  { path: '/api/subscribe', template: { email: 'fuzz@example.com' }, accepts: (d) => EmailBody.safeParse(d).success },
  {
    path: '/api/create-subscription',
    template: { email: 'fuzz@example.com', priceId: PRICES[0] },
    // Any well-formed email starts a checkout (a fake-Stripe customer), so it is never sent.
    accepts: (d) => EmailBody.safeParse(d).success,
  },
  {
    path: '/api/gifts',
    template: { months: 3, recipientEmail: 'fuzz@example.com', buyerEmail: 'fuzz.buyer@example.com' },
    // A well-formed gift starts a checkout (and a pending gift), so it is never sent.
    accepts: (d) => {
      const body = d as { months?: unknown; recipientEmail?: unknown; buyerEmail?: unknown } | null;
      return (
        [1, 3, 12].includes(body?.months as number) &&
        EmailBody.safeParse({ email: body?.recipientEmail }).success &&
        EmailBody.safeParse({ email: body?.buyerEmail }).success
      );
    },
  },
  // A gift link no gift was sent: the signature cannot match.
  { path: '/api/gifts/redeem', template: { token: `1.${'A'.repeat(43)}` }, accepts: () => false },
  // A token no subscriber was sent: the signature cannot match.
  { path: '/api/newsletter/resubscribe', template: { token: `1.${'A'.repeat(43)}` }, accepts: () => false },
  // A confirmation token no subscriber was sent: the signature cannot match.
  { path: '/api/newsletter/confirm', template: { token: `1.${'A'.repeat(43)}` }, accepts: () => false },
  // A well-formed but unknown checkout session is a 404 from Stripe: refused, nothing written.
  { path: '/api/subscription/success', template: { sessionId: 'cs_test_doesnotexist' }, accepts: () => false },
  { path: '/api/admin/auth', template: { password: 'not-the-admin-password' }, accepts: (d) => (d as { password?: unknown } | null)?.password === PASSWORD },
  // No passkey is stored and no challenge handed out: every answer is refused, whatever its shape.
  {
    path: '/api/admin/passkeys/sign-in',
    template: {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    },
    accepts: () => false,
  },
  {
    path: '/api/admin/passkeys',
    admin: true,
    template: {
      name: 'Fuzz key',
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} },
    },
    accepts: () => false,
  },
  // A valid demo sign-in makes a user, so only refused bodies are sent.
  { path: '/api/session', template: { email: 'fuzz@example.com', password: 'secret' }, accepts: (d) => DemoSignInInput.safeParse(d).success },
  {
    path: '/api/trips',
    template: { title: 'Fuzz trip', startDay: '2026-07-05', dayCount: 1, pace: 'relaxed', base: { label: 'Old Town', latitude: 33.49, longitude: -111.92 }, items: [] },
    accepts: (d) => CreateTripInput.safeParse(d).success,
  },
  // Without a signed-in user every save is a 401, whatever the body.
  { path: '/api/saved', template: { spotIds: [1, 2] }, accepts: () => false, signedIn: true },
  {
    path: '/api/suggestions',
    template: { spotName: 'Fuzz Café', description: 'A description long enough to pass.', link: 'https://example.com', submitterName: 'Fuzzer' },
    accepts: (d) => SuggestionInput.safeParse(d).success,
  },
  {
    path: '/api/spots/1/corrections',
    template: { kind: 'edit', field: 'address', proposed: '7014 E Camelback Rd', note: 'Moved', email: 'fuzz@example.com', company: '', token: 'correction:1:0.x' },
    accepts: (d) => CorrectionInput.safeParse(d).success,
  },
  {
    path: '/api/spots',
    admin: true,
    template: {
      name: 'Fuzz Spot',
      category: 'food',
      description: 'Tacos under the saguaros.',
      imageUrl: 'https://images.example.com/fuzz.webp',
      thumbnailUrl: null,
      mapsUrl: 'https://maps.example.com/?q=fuzz',
      website: null,
      featured: false,
      tags: ['New'],
    },
    accepts: (d) => NewSpotInput.safeParse(d).success,
  },
  {
    path: `/api/browse-ai/webhook?token=${BROWSE_AI_TOKEN}`,
    webhook: true,
    template: { event: 'task.finished', task: { id: 'fuzz-task-1', status: 'successful' } },
    accepts: (d) => BrowseAiDelivery.safeParse(d).success,
  },
];

/** POST routes that never read the body (their path, session or signature decides). */
const ID_ROUTES = ['/api/spots/{id}/love', '/api/spots/{id}/view', '/api/spots/{id}/visit'];
const ADMIN_ID_ROUTES = ['/api/suggestions/{id}/approve', '/api/suggestions/{id}/reject'];

const GET_ROUTES = [
  '/api/account',
  '/api/session',
  '/api/saved',
  '/api/trips',
  `/api/trips/${MISSING_ID}`,
  `/api/trips/${MISSING_ID}/calendar`,
  '/api/blog',
  '/api/blog/featured',
  '/api/blog/stories-that-do-not-exist',
  '/api/blog/category/hidden-gem',
  '/api/events',
  '/api/search',
  '/api/spots',
  '/api/spots/by-slug/the-mission',
  '/api/spots/featured',
  '/api/spots/map',
  '/api/spots/top',
  '/api/subscription/status',
  '/api/paywall',
  '/api/top-activities',
  '/api/top-restaurants',
  '/api/weekly-events',
  '/api/suggestions/pending',
  '/api/admin/corrections',
  '/api/browse-ai/status',
  '/api/browse-ai/tasks/fuzz-task-1',
  '/api/admin/newsletter',
  '/api/admin/newsletter/note',
  '/api/admin/passkeys',
  '/api/admin/invites',
  '/api/admin/sessions',
  '/api/admin/sessions/mine',
  '/api/admin/staff',
  '/api/admin/events',
  `/api/admin/events/${MISSING_ID}`,
  '/api/admin/places',
  `/api/admin/places/${MISSING_ID}`,
  '/api/admin/places/export',
  `/api/admin/spots/${MISSING_ID}`,
  '/api/admin/stories',
  `/api/admin/stories/${MISSING_ID}`,
  '/api/admin/stories/not-a-number',
  `/api/admin/stories/${MISSING_ID}/revisions`,
  `/api/admin/stories/${MISSING_ID}/version`,
  '/api/admin/stories/spots',
  '/api/admin/members',
  '/api/admin/members/export',
  '/api/admin/members/revenue',
  '/api/account/data',
  '/api/account/plan',
  '/api/newsletter/unsubscribe',
  '/api/newsletter/resubscribe',
  '/api/newsletter/confirm',
  '/api/no-such-endpoint',
];
const POST_ROUTES = [
  '/api/admin/auth',
  `/api/admin/spots/${MISSING_ID}/archive`,
  `/api/admin/spots/${MISSING_ID}/restore`,
  '/api/admin/spots/not-a-number/archive',
  '/api/admin/events',
  `/api/admin/events/${MISSING_ID}`,
  `/api/admin/events/${MISSING_ID}/hide`,
  `/api/admin/events/${MISSING_ID}/show`,
  '/api/admin/events/not-a-number/hide',
  '/api/admin/places',
  `/api/admin/places/${MISSING_ID}`,
  `/api/admin/places/${MISSING_ID}/archive`,
  `/api/admin/places/${MISSING_ID}/restore`,
  '/api/admin/places/import',
  '/api/admin/places/export',
  '/api/admin/spots',
  `/api/admin/spots/${MISSING_ID}`,
  '/api/admin/spots/not-a-number',
  '/api/admin/stories',
  `/api/admin/stories/${MISSING_ID}`,
  ...['submit', 'publish', 'schedule', 'unpublish', 'archive', 'unarchive'].map((action) => `/api/admin/stories/${MISSING_ID}/${action}`),
  '/api/admin/stories/not-a-number/publish',
  `/api/admin/stories/${MISSING_ID}/revisions`,
  `/api/admin/stories/${MISSING_ID}/preview`,
  `/api/admin/stories/${MISSING_ID}/revisions/${MISSING_ID}/restore`,
  '/api/admin/auth/clerk',
  '/api/admin/invites',
  `/api/admin/invites/${'a'.repeat(64)}`,
  '/api/admin/invites/accept',
  '/api/admin/sessions',
  `/api/admin/sessions/${'a'.repeat(64)}`,
  '/api/admin/sessions/mine',
  `/api/admin/sessions/mine/${'a'.repeat(64)}`,
  '/api/admin/staff',
  '/api/admin/staff/1',
  '/api/admin/staff/1/ownership',
  '/api/admin/passkeys',
  '/api/admin/passkeys/options',
  `/api/admin/passkeys/${'A'.repeat(43)}`,
  '/api/admin/passkeys/sign-in',
  '/api/admin/passkeys/sign-in/options',
  '/api/admin/uploads',
  '/api/billing-portal',
  '/api/browse-ai/trigger',
  '/api/browse-ai/webhook',
  '/api/create-subscription',
  '/api/funnel/dialog-opened',
  '/api/account/delete',
  '/api/admin/members/import',
  '/api/admin/members/refund',
  '/api/admin/members/refund-gift',
  '/api/admin/members/cancel',
  '/api/admin/members/comp',
  '/api/admin/members/resend-confirmation',
  '/api/admin/members/labels/add',
  '/api/admin/members/labels/remove',
  '/api/admin/offers',
  '/api/admin/offers/FUZZ10',
  '/api/gifts',
  '/api/gifts/redeem',
  `/api/spots/${MISSING_ID}/love`,
  `/api/spots/${MISSING_ID}/view`,
  `/api/spots/${MISSING_ID}/visit`,
  '/api/spots',
  '/api/spots/by-slug/the-mission',
  '/api/stripe/webhook',
  '/api/subscribe',
  '/api/subscription/success',
  `/api/suggestions/${MISSING_ID}/approve`,
  `/api/suggestions/${MISSING_ID}/reject`,
  `/api/suggestions/${MISSING_ID}/spot`,
  `/api/spots/${MISSING_ID}/corrections`,
  `/api/admin/corrections/${MISSING_ID}/accept`,
  `/api/admin/corrections/${MISSING_ID}/reject`,
  '/api/suggestions',
  '/api/admin/newsletter',
  '/api/admin/newsletter/test-send',
  '/api/admin/newsletter/send',
  '/api/session',
  '/api/saved',
  `/api/saved/${MISSING_ID}`,
  '/api/trips',
  `/api/trips/${MISSING_ID}/share`,
  `/api/newsletter/unsubscribe?token=1.${'A'.repeat(43)}`,
  '/api/newsletter/resubscribe',
  '/api/newsletter/confirm',
  '/api/no-such-endpoint',
];
/** Who may call a path, from the route policy table (the most specific pattern that matches). */
function policyOf(path: string) {
  const pathname = path.split('?')[0]!;
  const matching = Object.entries(ROUTE_POLICIES)
    .filter(([pattern]) => pattern.startsWith('/api/') && !pattern.includes('[...') && new RegExp(pathsSource([pattern])).test(pathname))
    .sort(([a], [b]) => (a.includes('[') ? 1 : 0) - (b.includes('[') ? 1 : 0));
  return matching[0]?.[1];
}
const accessOf = (path: string) => new Set(Object.values(policyOf(path)?.methods ?? {}).map((method) => method.access));
const servedMethods = (path: string) => new Set(Object.keys(policyOf(path)?.methods ?? {}));
const isAdminPath = (path: string) => accessOf(path).has('admin');
/** Routes outside services call with their own proof (a signature or a signed link), exempt from the same-origin and JSON rules. */
const isWebhook = (path: string) => accessOf(path).has('webhook') || accessOf(path).has('signed-link');

// ---------- probe generation

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { origin: server.url, ...extra };
}
const JSON_TYPE = { 'content-type': 'application/json' };

/** One malformed JSON body for a route: broken text, wrong shape, wrong field types, huge, nested or polluted. */
function malformedBody(random: Random, route: JsonRoute): string | Uint8Array {
  const template = route.template;
  const kind = random.int(0, 9);
  switch (kind) {
    case 0:
      return random.pick(INVALID_JSON_TEXTS);
    case 1: {
      const text = JSON.stringify(template);
      return text.slice(0, random.int(0, text.length - 1));
    }
    case 2:
      return random.pick(WRONG_TOP_LEVEL_JSON);
    case 3: {
      const polluted = random.pick([
        `{"__proto__":${JSON.stringify(template)}}`,
        `{"constructor":{"prototype":${JSON.stringify(template)}}}`,
        `{"__proto__":{"admin":true},"constructor":{"prototype":{"isAdmin":true}}}`,
        JSON.stringify(template).replace(/^\{"[^"]+":/, '{"__proto__":'),
      ]);
      return polluted;
    }
    case 4:
      return random.chance(0.5) ? deeplyNestedJson(random.int(1000, 8000), 'array') : deeplyNestedJson(random.int(500, 2500), 'object');
    case 5:
      return random.bytes(random.int(1, 2000));
    default: {
      const body: Record<string, unknown> = structuredClone(template);
      const fields = Object.keys(template);
      for (let n = random.int(1, Math.min(3, fields.length)); n > 0; n--) {
        const field = random.pick(fields);
        if (random.chance(0.2)) delete body[field];
        else body[field] = wrongValue(random);
      }
      if (random.chance(0.2)) body[random.pick(NASTY_STRINGS) || 'extra'] = wrongValue(random);
      if (kind === 9 && random.chance(0.3)) return JSON.stringify(body).replace('{', `{"${random.pick(fields)}":"a@example.com",`);
      return JSON.stringify(body);
    }
  }
}

function jsonRouteProbes(random: Random, route: JsonRoute, count: number, cookie: string): Probe[] {
  const out: Probe[] = [];
  let attempts = 0;
  while (out.length < count && attempts++ < count * 20) {
    const body = malformedBody(random, route);
    const parsed = parsedLikeServer(body);
    if (parsed.ok && route.accepts(parsed.data)) continue;
    const size = byteLength(body);
    const refusedAsGuest = (route.admin && cookie === '') || route.signedIn;
    let expectStatus: number | undefined;
    // A declared length over the cap is refused at the edge, before any route rule runs.
    if (!route.webhook && size > MAX_JSON_BODY_BYTES) expectStatus = 413;
    else if (refusedAsGuest) expectStatus = 401;
    out.push({
      group: `json-body ${route.path.split('?')[0]}${route.admin ? (cookie ? ' (admin)' : ' (no admin)') : ''}`,
      method: 'POST',
      path: route.path,
      headers: headers({ ...JSON_TYPE, ...(cookie && { cookie }) }),
      body,
      expectStatus,
    });
  }
  return out;
}

function buildProbes(): Probe[] {
  const random = seededRandom(SEED);
  const all: Probe[] = [];
  const add = (probe: Probe) => all.push(probe);

  // 1. Malformed JSON bodies for every route that reads one.
  for (const route of JSON_ROUTES) {
    if (route.admin) {
      all.push(...jsonRouteProbes(random, route, 90, `admin_session=${cookies.admin}`));
      all.push(...jsonRouteProbes(random, route, 30, ''));
    } else {
      all.push(...jsonRouteProbes(random, route, route.webhook ? 70 : 90, ''));
    }
  }
  // The Browse AI webhook without its token, or with a wrong one.
  const T = BROWSE_AI_TOKEN;
  for (const token of [
    '',
    '?token=',
    '?token=wrong',
    `?token=${T}x`,
    `?token=${T.slice(0, -1)}`,
    `?token=x&token=${T}`,
    `?TOKEN=${T}`,
    '?token=%00',
    `?token[]=${T}`,
    `?token=%20${T}`,
  ]) {
    add({
      group: 'browse-ai webhook token',
      method: 'POST',
      path: `/api/browse-ai/webhook${token}`,
      headers: { ...JSON_TYPE },
      body: JSON.stringify(JSON_ROUTES.at(-1)!.template),
      expectStatus: 401,
    });
  }

  // 2. Bodies past the size limits (declared by content-length, and streamed without one).
  for (const route of JSON_ROUTES.filter((r) => !r.webhook)) {
    for (const size of [MAX_JSON_BODY_BYTES + 1, 20_000, 100_000]) {
      const cookie = route.admin ? `admin_session=${cookies.admin}` : '';
      add({
        group: 'oversized body',
        method: 'POST',
        path: route.path,
        headers: headers({ ...JSON_TYPE, ...(cookie && { cookie }) }),
        body: JSON.stringify({ ...route.template, padding: 'p'.repeat(size) })
          .slice(0, size)
          .padEnd(size, ' '),
        expectStatus: 413,
      });
    }
    add({
      group: 'oversized streamed body',
      method: 'POST',
      path: route.path,
      headers: headers({ ...JSON_TYPE, ...(route.admin && { cookie: `admin_session=${cookies.admin}` }) }),
      body: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`{"padding":"${'s'.repeat(40_000)}"}`));
            controller.close();
          },
        }),
      // A streamed body is only counted once read; a route that needs a user refuses before reading.
      expectStatus: route.signedIn ? 401 : 413,
    });
  }
  add({
    group: 'oversized body',
    method: 'POST',
    path: '/api/stripe/webhook',
    headers: { ...JSON_TYPE, 'stripe-signature': 't=1,v1=00' },
    body: 'x'.repeat(600 * 1024),
    expectStatus: 413,
  });
  add({
    group: 'oversized body',
    method: 'POST',
    path: `/api/browse-ai/webhook?token=${BROWSE_AI_TOKEN}`,
    headers: { ...JSON_TYPE },
    body: `{"event":"${'e'.repeat(2 * 1024 * 1024)}"}`,
    expectStatus: 413,
  });

  // 3. Path parameters that are not ids (or ids of nothing).
  const longIds = ['9'.repeat(4000), 'a'.repeat(4000), '1'.repeat(13), '%2F'.repeat(500)];
  const ids = [...BAD_PATH_SEGMENTS, MISSING_ID, ...longIds];
  for (const template of ID_ROUTES) {
    for (const id of ids) {
      const body = random.chance(0.5) ? JSON.stringify(random.pick([{}, { id: 1 }, { count: 1e9 }, null])) : undefined;
      add({ group: `path id ${template}`, method: 'POST', path: template.replace('{id}', id), headers: headers(body ? JSON_TYPE : {}), body });
    }
  }
  for (const template of ADMIN_ID_ROUTES) {
    for (const id of ids) {
      add({ group: `path id ${template} (admin)`, method: 'POST', path: template.replace('{id}', id), headers: headers({ cookie: `admin_session=${cookies.admin}` }) });
      add({ group: `path id ${template} (no admin)`, method: 'POST', path: template.replace('{id}', id), headers: headers(), expectStatus: pathStatus(id, 401) });
    }
  }
  for (const slug of [...BAD_PATH_SEGMENTS, 'a'.repeat(121), 'x'.repeat(4000), 'stories-that-do-not-exist']) {
    add({ group: 'path slug /api/blog/{slug}', method: 'GET', path: `/api/blog/${slug}`, headers: {} });
    add({ group: 'path category /api/blog/category/{category}', method: 'GET', path: `/api/blog/category/${slug}`, headers: {} });
  }
  for (const id of [...BAD_PATH_SEGMENTS, 'x'.repeat(101), 'y'.repeat(4000)]) {
    add({ group: 'path id /api/browse-ai/tasks/{id} (no admin)', method: 'GET', path: `/api/browse-ai/tasks/${id}`, headers: {}, expectStatus: pathStatus(id, 401) });
    // With a session, a well-formed task id would be a real request to Browse AI: only ill-formed ones.
    let decoded: string;
    try {
      decoded = decodeURIComponent(id);
    } catch {
      decoded = id;
    }
    if (!/^[A-Za-z0-9-]{1,100}$/.test(decoded)) {
      add({
        group: 'path id /api/browse-ai/tasks/{id} (admin)',
        method: 'GET',
        path: `/api/browse-ai/tasks/${id}`,
        headers: { cookie: `admin_session=${cookies.admin}` },
        expectStatus: pathStatus(id, 400),
      });
    }
  }

  // 4. Query strings: wrong values, repeated keys, array and object syntax, huge values.
  const queryValue = () => {
    const roll = random.next();
    if (roll < 0.5) return encode(random.pick(NASTY_STRINGS));
    if (roll < 0.7) return encode(randomText(random, random.int(1, 200)));
    if (roll < 0.8) return encode('q'.repeat(random.int(101, 6000)));
    return encode(String(random.pick([-1, 0, 1.5, Infinity, 101, 10_001, 'true', '[]', '{}'])));
  };
  const queryRoutes: Record<string, string[]> = {
    '/api/spots': ['category', 'tag', 'q', 'sort', 'page'],
    '/api/events': ['from', 'to'],
    '/api/spots/top': ['limit'],
    '/api/subscription/status': ['email'],
    '/api/search': ['q', 'q', 'kind', 'neighbourhood', 'price', 'open', 'page', 'limit'],
  };
  for (const [path, keys] of Object.entries(queryRoutes)) {
    for (let i = 0; i < 45; i++) {
      const parts: string[] = [];
      for (let n = random.int(1, 4); n > 0; n--) {
        const key = random.pick([...keys, ...keys, '__proto__', 'constructor[prototype][x]', `${random.pick(keys)}[]`, `${random.pick(keys)}[a]`]);
        parts.push(`${key}=${queryValue()}`);
        if (random.chance(0.3)) parts.push(`${key}=${queryValue()}`);
      }
      add({ group: `query ${path}`, method: 'GET', path: `${path}?${parts.join('&')}`, headers: {} });
    }
  }
  add({ group: 'query /api/events', method: 'GET', path: '/api/events?from=2026-06-01&to=2026-05-01', headers: {}, expectStatus: 400 });
  add({ group: 'query /api/events', method: 'GET', path: '/api/events?from=2026-02-30T25:61:00Z', headers: {}, expectStatus: 400 });
  add({ group: 'query /api/spots/top', method: 'GET', path: '/api/spots/top?limit=1e309', headers: {}, expectStatus: 400 });
  add({ group: 'query /api/spots', method: 'GET', path: '/api/spots?page=1e309', headers: {}, expectStatus: 400 });
  // FTS5's own query syntax in the text is only ever words to look for.
  for (const q of ['"unterminated NEAR(a b', 'a* OR -b ^c {name}:d', 'AND', '\u0000\u202E🌵', 'taco '.repeat(39)]) {
    add({ group: 'query /api/search', method: 'GET', path: `/api/search?q=${encode(q)}`, headers: {}, expectStatus: 200 });
  }
  for (const path of GET_ROUTES.filter((p) => !queryRoutes[p])) {
    for (const query of [
      'a=1&a=2&a[]=3',
      '__proto__[admin]=1&constructor[prototype][admin]=1',
      `q=${encode("' OR 1=1 --")}`,
      `x=${'z'.repeat(6000)}`,
      '&&&==&',
      `emoji=${encode('🌵😀\u202E\u0000')}`,
    ]) {
      const admin = isAdminPath(path);
      add({ group: `query ${path}`, method: 'GET', path: `${path}?${query}`, headers: {}, expectStatus: admin ? 401 : undefined });
    }
  }

  // 5. The same-origin guard and the JSON-only rule, on every POST route.
  const formLike: Record<string, { type?: string; body: string | Uint8Array }> = {
    'text/plain': { type: 'text/plain', body: '{"email":"a@example.com"}' },
    form: { type: 'application/x-www-form-urlencoded', body: 'email=a%40example.com&password=x' },
    multipart: {
      type: 'multipart/form-data; boundary=----fuzz',
      body: '------fuzz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n------fuzz--\r\n',
    },
    'no content-type': { body: new TextEncoder().encode('{"email":"a@example.com"}') },
    'text/json': { type: 'text/json', body: '{}' },
    xml: { type: 'application/xml', body: '<email>a@example.com</email>' },
    'json-like suffix': { type: 'application/jsonp', body: '{}' },
  };
  const crossSite: Record<string, Record<string, string>> = {
    'evil origin': { origin: 'https://evil.example' },
    'null origin': { origin: 'null' },
    'garbage origin': { origin: 'not a url' },
    'look-alike origin': { origin: 'http://127.0.0.1.evil.example' },
    'cross-site fetch': { 'sec-fetch-site': 'cross-site' },
    'same-site fetch': { 'sec-fetch-site': 'same-site' },
  };
  for (const path of POST_ROUTES) {
    const webhook = isWebhook(path);
    const cookie: Record<string, string> = isAdminPath(path) ? { cookie: `admin_session=${cookies.admin}` } : {};
    // An upload route takes a multipart form and nothing else; without the photo field it is a 400.
    const upload = policyOf(path)?.methods.POST?.body === 'imageUpload';
    for (const [name, { type, body }] of Object.entries(formLike)) {
      add({
        group: `content type: ${name}`,
        method: 'POST',
        path,
        headers: headers({ ...(type && { 'content-type': type }), ...cookie }),
        body,
        expectStatus: webhook ? undefined : upload && name === 'multipart' ? 400 : 415,
      });
    }
    for (const [name, extra] of Object.entries(crossSite)) {
      add({ group: `cross-site: ${name}`, method: 'POST', path, headers: { ...JSON_TYPE, ...extra, ...cookie }, body: '{}', expectStatus: webhook ? undefined : 403 });
    }
  }

  // 6. Methods a route does not serve.
  const serves = (path: string, method: string) => servedMethods(path).has(method);
  for (const path of GET_ROUTES) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !serves(path, m))) {
      add({ group: `method ${method} on a GET route`, method, path, headers: headers(JSON_TYPE), body: '{}' });
    }
  }
  for (const path of POST_ROUTES) {
    add({ group: 'method GET on a POST route', method: 'GET', path, headers: { cookie: `admin_session=${cookies.admin}` } });
    for (const method of ['PUT', 'PATCH', 'DELETE'].filter((m) => !serves(path, m))) {
      add({ group: `method ${method} on a POST route`, method, path, headers: headers(JSON_TYPE), body: '{}' });
    }
  }

  // 7. Admin routes with a missing, forged, expired or garbage session.
  const badSessions: Record<string, string> = {
    none: '',
    forged: `admin_session=${cookies.forgedAdmin}`,
    expired: `admin_session=${cookies.expiredAdmin}`,
    'unsigned value': 'admin_session=admin:99999999999999',
    'empty value': 'admin_session=',
    'NUL-ish value': 'admin_session=%00%00',
    'bad percent-encoding': 'admin_session=%E0%A4%A',
    'huge value': `admin_session=${'A'.repeat(6000)}`,
    'signature of another value': `admin_session=admin:99999999999999.${cookies.admin.split('.').at(-1)}`,
  };
  const adminCalls: Array<[string, string, string | undefined]> = [
    ['GET', '/api/suggestions/pending', undefined],
    ['GET', '/api/browse-ai/status', undefined],
    ['GET', '/api/browse-ai/tasks/fuzz-task-1', undefined],
    ['GET', '/api/admin/newsletter', undefined],
    ['GET', '/api/admin/newsletter/note', undefined],
    ['PUT', '/api/admin/newsletter/note', '{"note":"Fuzz","version":0}'],
    ['POST', '/api/admin/newsletter/test-send', undefined],
    ['POST', '/api/admin/newsletter/send', '{"week":"2026-11-22"}'],
    ['GET', '/api/admin/passkeys', undefined],
    ['POST', '/api/admin/passkeys/options', undefined],
    ['DELETE', `/api/admin/passkeys/${'A'.repeat(43)}`, undefined],
    ['POST', '/api/admin/spots/1/archive', undefined],
    ['POST', '/api/admin/spots/1/restore', undefined],
    ['POST', '/api/admin/spots', '{"name":"Fuzz","category":"food"}'],
    ['GET', '/api/admin/spots/1', undefined],
    ['PATCH', '/api/admin/spots/1', '{"version":0,"name":"Fuzz"}'],
    ['GET', '/api/admin/stories', undefined],
    ['POST', '/api/admin/stories', '{"title":"Fuzz","slug":"fuzz","content":"","category":"Hidden Gem"}'],
    ['PATCH', '/api/admin/stories/1', '{"version":1,"title":"Fuzz"}'],
    ['DELETE', '/api/admin/stories/1', undefined],
    ['POST', '/api/admin/stories/1/publish', '{"version":1}'],
    ['POST', '/api/admin/stories/1/schedule', '{"version":1,"at":"2030-01-01T09:00"}'],
    ['POST', '/api/admin/stories/1/revisions/1/restore', '{"version":1}'],
    ['GET', '/api/admin/staff', undefined],
    ['GET', '/api/admin/events', undefined],
    ['POST', '/api/admin/events', '{"title":"Fuzz","startDate":"2026-03-14T19:00:00-07:00"}'],
    ['PATCH', '/api/admin/events/1', '{"title":"Fuzz"}'],
    ['POST', '/api/admin/events/1/hide', undefined],
    ['POST', '/api/admin/events/1/show', undefined],
    ['GET', '/api/admin/places', undefined],
    ['PATCH', '/api/admin/places/1', '{"rating":1}'],
    ['POST', '/api/admin/places/1/archive', undefined],
    ['POST', '/api/admin/places/1/restore', undefined],
    ['POST', '/api/admin/places/import', '{"csv":"kind,name"}'],
    ['GET', '/api/admin/places/export', undefined],
    ['PATCH', '/api/admin/staff/1', '{"role":"owner"}'],
    ['POST', '/api/admin/staff/1/ownership', undefined],
    ['GET', '/api/admin/invites', undefined],
    ['POST', '/api/admin/invites', '{"email":"fuzz@example.com","role":"owner"}'],
    ['DELETE', `/api/admin/invites/${'a'.repeat(64)}`, undefined],
    ['GET', '/api/admin/sessions', undefined],
    ['DELETE', `/api/admin/sessions/${'a'.repeat(64)}`, undefined],
    ['GET', '/api/admin/sessions/mine', undefined],
    ['DELETE', `/api/admin/sessions/mine/${'a'.repeat(64)}`, undefined],
    ['POST', '/api/browse-ai/trigger', undefined],
    ['POST', '/api/browse-ai/trigger', '{}'],
    ['POST', '/api/spots', JSON.stringify(JSON_ROUTES.find((r) => r.path === '/api/spots')!.template)],
    ['POST', '/api/suggestions/1/approve', undefined],
    ['POST', '/api/suggestions/1/reject', undefined],
    ['POST', '/api/suggestions/1/spot', undefined],
    ['GET', '/api/admin/corrections', undefined],
    ['POST', '/api/admin/corrections/1/accept', '{"version":0}'],
    ['POST', '/api/admin/corrections/1/reject', undefined],
    ['GET', '/api/admin/members', undefined],
    ['GET', '/api/admin/members/export', undefined],
    ['GET', '/api/admin/members/revenue', undefined],
    ['POST', '/api/admin/members/import', '{"csv":"email\\nfuzz@example.com","commit":true}'],
    ['POST', '/api/admin/members/refund', '{"subscriptionId":"sub_fuzz"}'],
    ['POST', '/api/admin/members/refund-gift', '{"giftId":1}'],
    ['POST', '/api/admin/members/cancel', '{"subscriptionId":"sub_fuzz"}'],
    ['POST', '/api/admin/members/comp', '{"email":"fuzz@example.com","until":"2099-01-01"}'],
    ['POST', '/api/admin/members/resend-confirmation', '{"email":"fuzz@example.com"}'],
    ['POST', '/api/admin/members/labels/add', '{"email":"fuzz@example.com","label":"press"}'],
    ['POST', '/api/admin/members/labels/remove', '{"email":"fuzz@example.com","label":"press"}'],
    ['POST', '/api/admin/offers', '{"code":"FUZZ10","name":"Fuzz","kind":"trial","trialDays":7,"startsOn":"2099-01-01","endsOn":"2099-01-31"}'],
    ['PATCH', '/api/admin/offers/FUZZ10', '{"endNow":true}'],
  ];
  for (const [name, cookie] of Object.entries(badSessions)) {
    for (const [method, path, body] of adminCalls) {
      add({ group: `admin session: ${name}`, method, path, headers: headers({ ...(cookie && { cookie }), ...(body && JSON_TYPE) }), body, expectStatus: 401 });
    }
  }

  // 8. The billing portal without a paid subscriber on this browser.
  const subscriberCookies = {
    none: '',
    forged: `subscriber=${cookies.forgedSubscriber}`,
    unverified: `subscriber=${cookies.unverifiedSubscriber}`,
    garbage: 'subscriber=%7B%22email%22%3A1%7D',
  };
  for (const [name, cookie] of Object.entries(subscriberCookies)) {
    for (const body of [undefined, '{}', '{"email":"a@example.com"}', 'not json']) {
      add({
        group: `billing portal: ${name} subscriber`,
        method: 'POST',
        path: '/api/billing-portal',
        headers: headers({ ...(cookie && { cookie }), ...(body && JSON_TYPE) }),
        body,
        expectStatus: 401,
      });
    }
  }
  // A verified subscriber of a customer this server never saw: nothing to manage.
  add({
    group: 'billing portal: unknown verified subscriber',
    method: 'POST',
    path: '/api/billing-portal',
    headers: headers({ cookie: `subscriber=${cookies.verifiedSubscriber}` }),
    expectStatus: 404,
  });

  // 9. Stripe webhooks: unsigned, badly signed, stale, signed with another secret.
  const event = JSON.stringify({ id: 'evt_fuzz', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_fuzz' } } });
  const now = Math.floor(Date.now() / 1000);
  const stripeSignatures: Array<[string, string | undefined, string]> = [
    ['no signature', undefined, event],
    ['empty signature', '', event],
    ['garbage signature', 'garbage', event],
    ['no v1', `t=${now}`, event],
    ['wrong v1', `t=${now},v1=${'0'.repeat(64)}`, event],
    ['other secret', signatureHeader(event, 'whsec_not_the_secret', now), event],
    ['stale timestamp', signatureHeader(event, stripe.webhookSecret, now - 3600), event],
    ['signature of another body', signatureHeader(event + ' ', stripe.webhookSecret, now), event],
    ['huge signature', `t=${now},v1=${'a'.repeat(6000)}`, event],
    ['NUL-ish signature', `t=${now},v1=%00`, event],
    ['signed non-JSON', signatureHeader('not json', stripe.webhookSecret, now), 'not json'],
  ];
  for (const [name, signature, body] of stripeSignatures) {
    for (const type of ['application/json', 'text/plain']) {
      add({
        group: `stripe webhook: ${name}`,
        method: 'POST',
        path: '/api/stripe/webhook',
        headers: { 'content-type': type, ...(signature !== undefined && { 'stripe-signature': signature }) },
        body,
        expectStatus: 400,
      });
    }
  }
  for (let i = 0; i < 20; i++) {
    const body = malformedBody(random, { path: '/api/stripe/webhook', template: JSON.parse(event), accepts: () => false });
    add({
      group: 'stripe webhook: unsigned fuzz',
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { ...JSON_TYPE, ...(random.chance(0.5) && { 'stripe-signature': `t=${now},v1=${'f'.repeat(64)}` }) },
      body,
      expectStatus: 400,
    });
  }
  // Correctly signed (only Stripe could send these) but not events: the design wants webhook payloads validated too.
  for (const payload of ['{}', 'null', '[]', '"evt"', '{"id":5,"type":[]}', '{"id":"evt_fuzz_bad","type":"checkout.session.completed","data":null}']) {
    add({
      group: 'stripe webhook: signed, not an event',
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { ...JSON_TYPE, 'stripe-signature': signatureHeader(payload, stripe.webhookSecret, now) },
      body: payload,
    });
  }

  // 10. Percent-encodings that cannot be decoded, in the path and in the query.
  for (const bad of UNDECODABLE_PATH_SEGMENTS) {
    add({ group: 'undecodable percent-encoding', method: 'POST', path: `/api/spots/${bad}/love`, headers: headers() });
    add({ group: 'undecodable percent-encoding', method: 'GET', path: `/api/blog/${bad}`, headers: {} });
    add({ group: 'undecodable percent-encoding', method: 'GET', path: `/api/spots?q=${bad}`, headers: {} });
  }

  return all;
}

// ---------- running

async function send(probe: Probe): Promise<Outcome> {
  const body = typeof probe.body === 'function' ? probe.body() : probe.body;
  try {
    const response = await fetch(new URL(probe.path, server.url), {
      method: probe.method,
      headers: probe.headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
      ...(typeof probe.body === 'function' && { duplex: 'half' }),
    } as RequestInit);
    return { probe, status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  } catch (error) {
    return { probe, status: 0, contentType: '', text: `no answer: ${(error as Error).message} ${String((error as Error).cause ?? '')}` };
  }
}

function isJsonMessage(outcome: Outcome): boolean {
  if (!/^application\/json\b/.test(outcome.contentType)) return false;
  try {
    return typeof JSON.parse(outcome.text)?.message === 'string';
  } catch {
    return false;
  }
}

function describeOutcome({ probe, status, contentType, text }: Outcome): string {
  const path = probe.path.length > 120 ? `${probe.path.slice(0, 100)}…(${probe.path.length} chars)` : probe.path;
  const sent =
    typeof probe.body === 'string'
      ? ` body=${JSON.stringify(probe.body.slice(0, 80))}${probe.body.length > 80 ? `…(${probe.body.length})` : ''}`
      : probe.body
        ? ' body=<bytes/stream>'
        : '';
  return `${status} ${probe.method} ${path} [${probe.group}]${sent} → ${contentType || 'no content-type'} ${JSON.stringify(text.slice(0, 160))}`;
}

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: PRICES });
  server = await startTestServer({
    env: {
      ADMIN_PASSWORD: PASSWORD,
      SESSION_SECRET,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: PRICES.join(','),
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      BROWSE_AI_WEBHOOK_SECRET: BROWSE_AI_TOKEN,
    },
  });
  server.process.stdout!.on('data', (chunk: Buffer) => serverLog.push(chunk.toString()));
  server.process.stderr!.on('data', (chunk: Buffer) => serverLog.push(chunk.toString()));

  const login = await server.fetch('/api/admin/auth', { method: 'POST', headers: { origin: server.url, ...JSON_TYPE }, body: JSON.stringify({ password: PASSWORD }) });
  expect(login.status).toBe(200);
  const adminCookie = login.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!;
  cookies.admin = adminCookie.split(';')[0]!.slice('admin_session='.length);
  cookies.expiredAdmin = sign('admin:1');
  cookies.forgedAdmin = `admin:99999999999999.${Buffer.from('not-a-signature').toString('base64url')}`;
  cookies.unverifiedSubscriber = encodeURIComponent(sign(JSON.stringify({ email: 'unverified@example.com', verified: false })));
  cookies.verifiedSubscriber = encodeURIComponent(sign(JSON.stringify({ email: 'never-paid@example.com', verified: true, customer: 'cus_never_seen' })));
  cookies.forgedSubscriber = encodeURIComponent(`${JSON.stringify({ email: 'forged@example.com', verified: true })}.AAAA`);

  probes = buildProbes();
  before = await snapshotDatabase(server.databaseUrl);
  outcomes = await mapLimited(probes, CONCURRENCY, send);
  after = await snapshotDatabase(server.databaseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

// ---------- route coverage

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? routeFiles(path) : name.endsWith('.ts') ? [relative(API_DIR, path)] : [];
  });
}

/** The route file Astro would pick for a path: static segments beat parameters, the catch-all comes last. */
function routeFor(path: string, files: string[]): string | undefined {
  const segments = path
    .split('?')[0]!
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const candidates = files
    .map((file) => {
      const parts = file
        .replace(/\.ts$/, '')
        .split('/')
        .filter((p) => p !== 'index');
      if (parts.length === 1 && parts[0] === '[...path]') return { file, rank: 1000 };
      if (parts.length !== segments.length) return null;
      let rank = 0;
      for (let i = 0; i < parts.length; i++) {
        if (/^\[.+\]$/.test(parts[i]!)) rank++;
        else if (parts[i] !== segments[i]) return null;
      }
      return { file, rank };
    })
    .filter((c): c is { file: string; rank: number } => c !== null)
    .sort((a, b) => a.rank - b.rank);
  return candidates[0]?.file;
}

describe('malformed requests to every API route', () => {
  it('sends at least 1,000 requests, GET and POST to every route file', () => {
    expect(probes.length).toBeGreaterThanOrEqual(1000);
    const files = routeFiles();
    // Each probe's route file, worked out once.
    const reached = new Set(probes.map((p) => `${p.method} ${routeFor(p.path, files)}`));
    const missing: string[] = [];
    for (const file of files) {
      for (const method of ['GET', 'POST']) {
        if (!reached.has(`${method} ${file}`)) missing.push(`${method} ${file}`);
      }
    }
    expect(missing, 'route files no probe reached').toEqual([]);
  });

  it('no request gets a 5xx (or no answer)', () => {
    const offenders = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    const errors = serverLog
      .join('')
      .split('\n')
      .filter((line) => /unexpected error|\[db\]|Error:| {4}at /.test(line));
    expect(
      offenders.length,
      `${offenders.length} of ${outcomes.length} requests failed on the server:\n${offenders.map(describeOutcome).join('\n')}\n\nserver log:\n${errors.slice(0, 60).join('\n')}`,
    ).toBe(0);
  });

  it('every 4xx answer is JSON with a string message', () => {
    const offenders = outcomes.filter((o) => o.status >= 400 && o.status < 500 && !isJsonMessage(o));
    const byGroup = new Map<string, number>();
    for (const o of offenders) byGroup.set(`${o.status} ${o.probe.group}`, (byGroup.get(`${o.status} ${o.probe.group}`) ?? 0) + 1);
    expect(
      offenders.length,
      `${offenders.length} 4xx answers were not JSON { message }:\n${[...byGroup].map(([g, n]) => `  ${n} × ${g}`).join('\n')}\n\n${offenders.map(describeOutcome).join('\n')}`,
    ).toBe(0);
  });

  it('no malformed write is accepted', () => {
    const accepted = outcomes.filter((o) => o.probe.method !== 'GET' && o.status < 400 && o.status > 0);
    expect(accepted.length, `writes answered ${'<'}400:\n${accepted.map(describeOutcome).join('\n')}`).toBe(0);
  });

  it('answers the status the rules leave (401 admin, 403 cross-site, 413 too large, 415 not JSON, 400 bad signature)', () => {
    // 5xx and non-JSON answers are reported by the tests above, once.
    const wrong = outcomes.filter((o) => o.probe.expectStatus !== undefined && o.status !== o.probe.expectStatus && o.status < 500 && o.status !== 0 && isJsonMessage(o));
    expect(wrong.length, wrong.map((o) => `expected ${o.probe.expectStatus}: ${describeOutcome(o)}`).join('\n')).toBe(0);
  });

  it('leaves every row of every table exactly as it was', () => {
    expect(Object.keys(before).length).toBeGreaterThan(5);
    expect(describeSnapshotChanges(before, after)).toEqual([]);
  });
});
