// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import AstroPWA from '@vite-pwa/astro';
import clerk from '@clerk/astro';
import { NEVER_STORED_PAGES, pwaOptions } from './pwa.config.mjs';
import { clerkHostWhenConfigured } from './src/lib/clerk-keys.mjs';
import { cspSettings } from './src/lib/csp.mjs';

const siteUrl = process.env.SITE_URL || undefined;

/** `client:one-per-task`, for pages of many small islands, and `client:on-interaction`, for islands that wait for the reader (src/directives/). */
/** @type {import('astro').AstroIntegration} */
const onePerTaskDirective = {
  name: 'one-per-task-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'one-per-task', entrypoint: './src/directives/one-per-task.ts' });
      addClientDirective({ name: 'on-interaction', entrypoint: './src/directives/on-interaction.ts' });
    },
  },
};

// Clerk is wired in only when both of its keys are set at build time: without them its middleware
// would answer 500 on every page and its scripts would ship for nothing.
const clerkHost = clerkHostWhenConfigured(process.env);
const clerkIntegration = clerkHost
  ? [
      clerk({
        signInUrl: '/sign-in',
        signUpUrl: '/sign-up',
        signInFallbackRedirectUrl: '/account',
        signUpFallbackRedirectUrl: '/account',
        afterSignOutUrl: '/',
      }),
    ]
  : [];

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Preact renders the islands; with compat, `react` and `react-dom` (ours, React Query's, Clerk's) resolve to preact/compat.
  integrations: [preact({ compat: true }), AstroPWA(pwaOptions), ...clerkIntegration, onePerTaskDirective],
  site: siteUrl,
  security: {
    // Same-origin writes are enforced by src/middleware.ts, which knows the request's real host.
    checkOrigin: false,
    // Hosts whose Host header Astro may trust when it builds the request URL.
    allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }, ...(siteUrl ? [{ hostname: new URL(siteUrl).hostname }] : [])],
  },
  server: { host: true },
  vite: {
    // Bundled into the server build too, so that their `react` imports reach preact/compat there as well.
    ssr: { noExternal: ['@tanstack/react-query', '@clerk/astro', '@clerk/shared'] },
    // Lets code drop its Clerk branches at build time when Clerk is off.
    define: {
      __CLERK_ENABLED__: JSON.stringify(Boolean(clerkHost)),
      // The pages the service worker never stores, from the route policy table, for register-app.ts.
      __NEVER_STORED_PAGES__: JSON.stringify(NEVER_STORED_PAGES),
    },
  },
  experimental: {
    // Content-Security-Policy with hashes of every script and style Astro emits; no 'unsafe-inline' scripts.
    // frame-ancestors only works as a header, so scripts/serve.mjs adds it to every response.
    // With Clerk on, the origins its CSP guide requires are added (src/lib/csp.mjs).
    csp: cspSettings(clerkHost),
  },
});
