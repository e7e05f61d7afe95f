import type { DatabaseOptions } from '../db/client';
import { readConfig } from '../src/server/config';

/** Database settings from the environment, validated the same way the server does. */
export function databaseOptionsFromEnv(): DatabaseOptions {
  const env = readConfig();
  return { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, syncUrl: env.DATABASE_SYNC_URL };
}
