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
});
