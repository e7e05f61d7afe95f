import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Components render with Preact, as in the built site (astro.config.mjs: preact({ compat: true })).
  resolve: {
    alias: [
      { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
      { find: /^react(\/.*)?$/, replacement: 'preact/compat$1' },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Bundled by Vite, so that its `react` imports take the alias above.
    server: { deps: { inline: ['@tanstack/react-query'] } },
  },
});
