import { RateLimiterMemory } from 'rate-limiter-flexible';
import { config } from '../config';
import { HttpError } from '../http/responses';
import { sameSecret } from '../http/same-secret';

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
 * Addresses that signed in with the right password in the last 30 days (up to 100, in memory)
 * are not held by the global back-off, so an attack from elsewhere cannot lock the admin out.
 * Their own per-address limit still applies.
 */
const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_ADDRESSES_KEPT = 100;

const EVERYONE = 'all-addresses';
const failures = new RateLimiterMemory({ points: ADMIN_FAILURES_PER_MINUTE, duration: 60 });
const globalFailures = new RateLimiterMemory({ points: ADMIN_GLOBAL_FAILURES_PER_MINUTE, duration: 60 });
/** Address → when it stops being known; insertion order is age order. */
const knownAddresses = new Map<string, number>();

/** Compares in constant time (equal-length digests), so timing says nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  return sameSecret(given, expected);
}

function tooMany(msBeforeNext: number): HttpError {
  const error = new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.');
  error.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return error;
}

function isKnown(address: string): boolean {
  const until = knownAddresses.get(address);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  knownAddresses.delete(address);
  return false;
}

function remember(address: string): void {
  knownAddresses.delete(address);
  knownAddresses.set(address, Date.now() + KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);
  if (knownAddresses.size > KNOWN_ADDRESSES_KEPT) knownAddresses.delete(knownAddresses.keys().next().value!);
}

/** Wait in ms while the global back-off holds this address, else null. */
async function globalBackoff(address: string): Promise<number | null> {
  const record = await globalFailures.get(EVERYONE);
  if (!record || record.consumedPoints < ADMIN_GLOBAL_FAILURES_PER_MINUTE || isKnown(address)) return null;
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

/** Checks an admin password for a client address; wrong → 401, too many wrong (here or overall) → 429. */
export async function checkAdminPassword(password: string, address: string): Promise<void> {
  const expected = config().ADMIN_PASSWORD;
  if (!expected) throw new HttpError(503, 'Admin access is not configured on this server: set ADMIN_PASSWORD.');
  const record = await failures.get(address);
  if (record && record.consumedPoints >= ADMIN_FAILURES_PER_MINUTE) throw tooMany(record.msBeforeNext);
  const backoff = await globalBackoff(address);
  if (backoff !== null) throw tooMany(backoff);
  if (passwordMatches(password, expected)) {
    remember(address);
    return;
  }
  await countFailure(address);
  throw new HttpError(401, 'Invalid password.');
}
