import { startFakeTileServer } from '../fakes/tile-server';
import { startTestServer } from '../support/server';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-saguaro';

/** One built server on a fresh seeded database for the browser suite, with map tiles from a local fake. */
export default async function globalSetup() {
  const tiles = await startFakeTileServer();
  const server = await startTestServer({
    env: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, SESSION_SECRET: 'e2e-shared-session-secret-long-enough-000000', MAP_TILES_URL: tiles.template },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  return async () => {
    await server.stop();
    await tiles.stop();
  };
}
