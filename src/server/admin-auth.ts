import { RateLimiterMemory } from 'rate-limiter-flexible';
import { config } from './config';
import { HttpError } from './http';
import { sameSecret } from './same-secret';

/** More than 5 wrong passwords a minute from one address are refused for the rest of that minute. */
export const ADMIN_FAILURES_PER_MINUTE = 5;
const failures = new RateLimiterMemory({ points: ADMIN_FAILURES_PER_MINUTE, duration: 60 });

/** Compares in constant time (equal-length digests), so timing says nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  return sameSecret(given, expected);
}

function tooMany(msBeforeNext: number): HttpError {
  const error = new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.');
  error.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return error;
}

/** Checks an admin password for a client address; wrong → 401, too many wrong → 429. */
export async function checkAdminPassword(password: string, address: string): Promise<void> {
  const expected = config().ADMIN_PASSWORD;
  if (!expected) throw new HttpError(503, 'Admin access is not configured on this server: set ADMIN_PASSWORD.');
  const record = await failures.get(address);
  if (record && record.consumedPoints >= ADMIN_FAILURES_PER_MINUTE) throw tooMany(record.msBeforeNext);
  if (passwordMatches(password, expected)) return;
  try {
    await failures.consume(address);
  } catch (rejected) {
    throw tooMany((rejected as { msBeforeNext: number }).msBeforeNext);
  }
  throw new HttpError(401, 'Invalid password.');
}
