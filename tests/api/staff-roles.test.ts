// Each role × each admin route, read from the route policy table, so a route added later is
// covered without touching this file: with no session every admin route refuses (401 JSON, or a
// 303 to the gate for a page or file); with a session of each role exactly the roles whose
// ROLE_PERMISSIONS hold the route's permission pass the gate (a 400/404/409 for an empty body
// counts as passing it) and the others get 403 (JSON for an API or file, a readable page for a page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '../../src/lib/staff-roles';
import { ROUTE_POLICIES } from '../../src/server/http/route-policy.mjs';
import { startTestServer, type TestServer } from '../support/server';
import { Browser, call, invite, join, signInOwner } from '../support/staff';

const PASSWORD = 'agave-roles-password-2026';
const ADMIN_REQUIRED = 'Admin sign-in required.';
const NOT_ALLOWED = 'Your role does not allow this.';

// An id no row has: a route that finds its record by id answers 404 (past the gate) and changes nothing.
const NO_SUCH_ID = '999999';
const adminRoutes = Object.entries(ROUTE_POLICIES).flatMap(([pattern, policy]) =>
  Object.entries(policy.methods)
    .filter(([, rule]) => rule.access === 'admin')
    .map(([method, rule]) => ({
      name: `${method} ${pattern}`,
      method,
      kind: policy.kind,
      body: rule.body,
      permission: rule.permission as Permission,
      path: pattern.replace(/\[\.\.\.[^\]]+\]/g, 'x').replace(/\[[^\]]+\]/g, NO_SUCH_ID),
    })),
);

let server: TestServer;
const sessions = {} as Record<StaffRole, Browser>;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' } });
  sessions.owner = new Browser('198.18.7.1');
  await signInOwner(server, sessions.owner, PASSWORD);
  for (const [i, role] of STAFF_ROLES.filter((r) => r !== 'owner').entries()) {
    sessions[role] = new Browser(`198.18.7.${i + 2}`);
    await join(server, sessions[role], await invite(server, sessions.owner, `${role}@example.com`, role), `The ${role}`, `${role}-long-password`);
  }
});
afterAll(async () => {
  await server?.stop();
});

async function request(route: (typeof adminRoutes)[number], browser: Browser | null) {
  if (route.body === 'imageUpload') {
    const form = new FormData();
    form.set('note', 'no photo');
    return server.fetch(route.path, {
      method: route.method,
      redirect: 'manual',
      headers: { origin: server.url, 'x-forwarded-for': browser?.address ?? '198.18.7.99', ...(browser ? { cookie: browser.header() } : {}) },
      body: form,
    });
  }
  return call(server, browser, route.method, route.path, route.body === 'json' ? {} : undefined);
}

describe('each role × each admin route', () => {
  it('the table names a permission for every admin method, across pages, files and APIs, and every role passes some and is refused others but the Owner', () => {
    expect(new Set(adminRoutes.map((r) => r.kind))).toEqual(new Set(['api', 'file', 'page']));
    expect(adminRoutes.every((r) => ROLE_PERMISSIONS.owner.has(r.permission))).toBe(true);
    for (const role of ['editor', 'contributor', 'support'] as const) {
      expect(
        adminRoutes.some((r) => ROLE_PERMISSIONS[role].has(r.permission)),
        role,
      ).toBe(true);
      expect(
        adminRoutes.some((r) => !ROLE_PERMISSIONS[role].has(r.permission)),
        role,
      ).toBe(true);
    }
  });

  it('with no session: 401 JSON for an API, a 303 to the gate for a page or file', async () => {
    for (const route of adminRoutes) {
      const response = await request(route, null);
      if (route.kind === 'api') {
        expect(response.status, route.name).toBe(401);
        expect(((await response.json()) as { message: string }).message, route.name).toBe(ADMIN_REQUIRED);
      } else {
        expect(response.status, route.name).toBe(303);
        expect(response.headers.get('location'), route.name).toBe('/admin');
      }
    }
  });

  for (const role of STAFF_ROLES) {
    it(`as ${role}: exactly the routes whose permission the role holds pass the gate, the others are 403`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const route of adminRoutes) {
        const allowed = ROLE_PERMISSIONS[role].has(route.permission);
        const response = await request(route, sessions[role]);
        const refused = response.status === 401 || response.status === 403 || (response.status === 303 && response.headers.get('location') === '/admin');
        outcomes.push(`${route.name}: ${refused ? `refused ${response.status}` : 'passes'}`);
        expected.push(`${route.name}: ${allowed ? 'passes' : 'refused 403'}`);
        if (!allowed && response.status === 403) {
          if (route.kind === 'page') {
            expect(response.headers.get('content-type'), route.name).toContain('text/html');
            const html = await response.text();
            expect(html, route.name).toContain('<h1>Not part of your role</h1>');
            expect(html, route.name).toContain(NOT_ALLOWED);
            expect(html, route.name).toContain('href="/admin"');
          } else {
            expect(((await response.json()) as { message: string }).message, route.name).toBe(NOT_ALLOWED);
          }
        } else await response.body?.cancel();
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('every session is still live after the walk: no route signed anyone out', async () => {
    for (const role of STAFF_ROLES) expect((await call(server, sessions[role], 'GET', '/api/admin/sessions/mine')).status, role).toBe(200);
  });
});
