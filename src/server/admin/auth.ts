import { RateLimiterMemory } from 'rate-limiter-flexible';
import { config } from '../config';
import { HttpError } from '../http/responses';
import { sameSecret } from '../http/same-secret';
import { startedFrom } from '../sessions/store';

/** More than 5 wrong passwords a minute from one address are refused for the rest of that minute. */
export const ADMIN_FAILURES_PER_MINUTE = 5;
/**
 * Guessing from many addresses at once: after 20 wrong passwords in a minute across all
 * addresses, every sign-in is refused for 2 minutes, right password or not, so a guess made during
 * the back-off cannot be confirmed. Short, because an attacker can start it again at will.
 */
export const ADMIN_GLOBAL_FAILURES_PER_MINUTE = 20;
export const ADMIN_GLOBAL_BACKOFF_SECONDS = 120;
/**
 * The admin's own devices and addresses are not held by the global back-off, so an attack from
 * elsewhere cannot lock the admin out, before or after a restart: a browser holding a live
 * `admin_device` cookie (src/server/admin/devices.ts), or an address a staff session was started
 * from in the last 30 days (the sessions table). Both live in the database. Their own per-address
 * limit still applies.
 */
const KNOWN_ADDRESS_DAYS = 30;

const EVERYONE = 'all-addresses';
const failures = new RateLimiterMemory({ points: ADMIN_FAILURES_PER_MINUTE, duration: 60 });
const globalFailures = new RateLimiterMemory({ points: ADMIN_GLOBAL_FAILURES_PER_MINUTE, duration: 60 });

/** Compares in constant time (equal-length digests), so timing says nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  return sameSecret(given, expected);
}

function tooMany(msBeforeNext: number): HttpError {
  const error = new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.');
  error.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return error;
}

/** Whom the back-off lets through: the database is read only while it holds. */
export interface Caller {
  address: string;
  /** The caller presents a live `admin_device` cookie. */
  knownDevice: () => Promise<boolean>;
}

/** Wait in ms while the global back-off holds this caller, else null. */
async function globalBackoff(caller: Caller): Promise<number | null> {
  const record = await globalFailures.get(EVERYONE);
  if (!record || record.consumedPoints < ADMIN_GLOBAL_FAILURES_PER_MINUTE) return null;
  if (await caller.knownDevice()) return null;
  if (await startedFrom('staff', caller.address, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000))) return null;
  return record.msBeforeNext;
}

async function countFailure(address: string): Promise<void> {
  const everyone = await globalFailures.consume(EVERYONE).catch((rejected) => rejected as { consumedPoints: number });
  if (everyone.consumedPoints >= ADMIN_GLOBAL_FAILURES_PER_MINUTE) await globalFailures.block(EVERYONE, ADMIN_GLOBAL_BACKOFF_SECONDS);
  try {
    await failures.consume(address);
  } catch (rejected) {
    throw tooMany((rejected as { msBeforeNext: number }).msBeforeNext);
  }
}

/** Checks an admin password for a caller; wrong → 401, too many wrong (from its address or overall) → 429. */
export async function checkAdminPassword(password: string, caller: Caller): Promise<void> {
  const { address } = caller;
  const expected = config().ADMIN_PASSWORD;
  if (!expected) throw new HttpError(503, 'Admin access is not configured on this server: set ADMIN_PASSWORD.');
  const record = await failures.get(address);
  if (record && record.consumedPoints >= ADMIN_FAILURES_PER_MINUTE) throw tooMany(record.msBeforeNext);
  const backoff = await globalBackoff(caller);
  if (backoff !== null) throw tooMany(backoff);
  if (passwordMatches(password, expected)) return;
  await countFailure(address);
  throw new HttpError(401, 'Invalid password.');
}
