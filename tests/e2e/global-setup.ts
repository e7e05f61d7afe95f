import { startTestServer } from '../support/server';

/** One built server on a fresh seeded database for the browser suite. */
export default async function globalSetup() {
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  return async () => server.stop();
}
