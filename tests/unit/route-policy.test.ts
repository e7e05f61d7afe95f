import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BODY_CAPS } from '../../src/server/http/body-caps.mjs';
import { ROUTE_POLICIES, bodyCapFor, pathsSource, routePolicy, routesWith } from '../../src/server/http/route-policy.mjs';

const PAGES = resolve(import.meta.dirname, '../../src/pages');

function files(dir = PAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(PAGES, path)];
  });
}

/** The route pattern Astro gives a file under src/pages (`api/spots/[id]/love.ts` → `/api/spots/[id]/love`). */
function patternOf(file: string): string {
  const route = `/${file.replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

const routeFiles = files().map((file) => ({ file, pattern: patternOf(file) }));

describe('the route policy table', () => {
  it('has an entry for every page and endpoint file, and a file for every entry', () => {
    const missing = routeFiles.filter(({ pattern }) => !routePolicy(pattern)).map(({ file }) => file);
    expect(missing, 'files under src/pages without a route policy').toEqual([]);
    const patterns = new Set(routeFiles.map(({ pattern }) => pattern));
    expect(Object.keys(ROUTE_POLICIES).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it('names exactly the methods each endpoint file exports', () => {
    for (const { file, pattern } of routeFiles.filter(({ file }) => file.endsWith('.ts'))) {
      const exported = [...readFileSync(join(PAGES, file), 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
      expect(exported.sort(), file).toEqual(Object.keys(routePolicy(pattern)!.methods).sort());
    }
  });

  it('gives pages GET and an Astro page no other method', () => {
    for (const { file, pattern } of routeFiles.filter(({ file }) => file.endsWith('.astro'))) {
      expect(Object.keys(routePolicy(pattern)!.methods), file).toEqual(['GET']);
      expect(routePolicy(pattern)!.kind, file).toBe('page');
    }
  });

  it('never lets the service worker keep a private or no-store route', () => {
    for (const [pattern, policy] of Object.entries(ROUTE_POLICIES)) {
      if (policy.cache !== 'public') expect(['network-only'], pattern).toContain(policy.sw);
    }
  });

  it('puts a limit on every write a stranger can make', () => {
    // Admin sign-in has its own back-off; a confirm link, a checkout result, the billing portal and
    // signing out (user or admin) answer a token or cookie the caller already holds.
    const unlimited = [
      'POST /api/admin/auth',
      'DELETE /api/admin/auth',
      'POST /api/newsletter/confirm',
      'POST /api/subscription/success',
      'POST /api/billing-portal',
      'DELETE /api/session',
    ];
    for (const [pattern, policy] of Object.entries(ROUTE_POLICIES)) {
      for (const [method, rule] of Object.entries(policy.methods)) {
        if (method === 'GET' || ['admin', 'webhook', 'signed-link'].includes(rule.access)) continue;
        if (unlimited.includes(`${method} ${pattern}`)) continue;
        expect(rule.limit, `${method} ${pattern}`).toBeDefined();
      }
    }
  });

  it('gives the webhooks their larger body caps, by exact path only', () => {
    expect(bodyCapFor('/api/stripe/webhook')).toBe(BODY_CAPS.stripeWebhook);
    expect(bodyCapFor('/api/browse-ai/webhook?token=x')).toBe(BODY_CAPS.browseAiWebhook);
    expect(bodyCapFor('/api/browse-ai/webhook/')).toBe(BODY_CAPS.browseAiWebhook);
    expect(bodyCapFor('/api/%62rowse-ai/webhook')).toBe(BODY_CAPS.json);
    expect(bodyCapFor('/api/suggestions')).toBe(BODY_CAPS.json);
  });

  it('matches paths to patterns for the service worker', () => {
    const reads = new RegExp(pathsSource(routesWith('stale-while-revalidate', 'api')));
    expect(reads.test('/api/spots')).toBe(true);
    expect(reads.test('/api/blog/category/hidden-gem')).toBe(true);
    expect(reads.test('/api/account')).toBe(false);
    expect(reads.test('/api/saved')).toBe(false);
    expect(reads.test('/api/browse-ai/tasks/1')).toBe(false);
    const privatePages = new RegExp(pathsSource(routesWith('network-only', 'page')));
    for (const path of ['/admin', '/account', '/saved', '/success/', '/unsubscribe', '/newsletter/confirm']) expect(privatePages.test(path), path).toBe(true);
    for (const path of ['/', '/spots', '/blog/some-story']) expect(privatePages.test(path), path).toBe(false);
  });
});
