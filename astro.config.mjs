// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { pwaOptions } from './src/components/pwa/pwa-options.mjs';

const siteUrl = process.env.SITE_URL || undefined;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), AstroPWA(pwaOptions)],
  site: siteUrl,
  security: {
    // Same-origin writes are enforced by src/middleware.ts, which knows the request's real host.
    checkOrigin: false,
    // Hosts whose Host header Astro may trust when it builds the request URL.
    allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }, ...(siteUrl ? [{ hostname: new URL(siteUrl).hostname }] : [])],
  },
  server: { host: true },
  experimental: {
    // Content-Security-Policy with hashes of every script and style Astro emits; no 'unsafe-inline' scripts.
    // frame-ancestors only works as a header, so scripts/serve.mjs adds it to every response.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
    },
  },
});
