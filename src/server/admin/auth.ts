import { RateLimiterMemory } from 'rate-limiter-flexible';
import { eq } from 'drizzle-orm';
import { staff, type StaffMember } from '../../../db/schema';
import { config } from '../config';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { sameSecret } from '../http/same-secret';
import { startedFrom } from '../sessions/store';
import { verifyPassword } from './staff-passwords';

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

/**
 * One staff account: after 5 wrong passwords for it within 15 minutes (from anywhere), its
 * email-and-password sign-in pauses for 15 minutes, except on a device that account has signed in
 * on before (src/server/admin/devices.ts), so guessing cannot lock a member of staff out.
 */
export const ACCOUNT_FAILURES = 5;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_PAUSE_SECONDS = 15 * 60;
export const WRONG_EMAIL_OR_PASSWORD = 'Wrong email or password.';
export const ACCOUNT_PAUSED = 'This account is paused after too many wrong passwords. Try again in 15 minutes, or sign in on a device you have used before.';
export const ACCOUNT_DISABLED = 'This account is disabled. Ask the Owner to enable it.';

const EVERYONE = 'all-addresses';
const accountFailures = new RateLimiterMemory({ points: ACCOUNT_FAILURES, duration: ACCOUNT_WINDOW_SECONDS });
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
  /** The caller presents a live `admin_device` cookie for this staff account (its subject). */
  knownDevice: (subject: string) => Promise<boolean>;
}

/** Wait in ms while the global back-off holds this caller, else null. */
async function globalBackoff(caller: Caller, subject: () => Promise<string | null>): Promise<number | null> {
  const record = await globalFailures.get(EVERYONE);
  if (!record || record.consumedPoints < ADMIN_GLOBAL_FAILURES_PER_MINUTE) return null;
  const account = await subject();
  if (account !== null && (await caller.knownDevice(account))) return null;
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

async function addressLimit(address: string): Promise<void> {
  const record = await failures.get(address);
  if (record && record.consumedPoints >= ADMIN_FAILURES_PER_MINUTE) throw tooMany(record.msBeforeNext);
}

/**
 * Checks an admin password for a caller; wrong → 401, too many wrong (from its address or overall) → 429.
 * `owner` names the built-in Owner's account (its devices skip the global back-off).
 */
export async function checkAdminPassword(password: string, caller: Caller, owner: () => Promise<string>): Promise<void> {
  const { address } = caller;
  const expected = config().ADMIN_PASSWORD;
  if (!expected) throw new HttpError(503, 'Admin access is not configured on this server: set ADMIN_PASSWORD.');
  await addressLimit(address);
  const backoff = await globalBackoff(caller, owner);
  if (backoff !== null) throw tooMany(backoff);
  if (passwordMatches(password, expected)) return;
  await countFailure(address);
  throw new HttpError(401, 'Invalid password.');
}

function paused(msBeforeNext: number): HttpError {
  const error = new HttpError(429, ACCOUNT_PAUSED);
  error.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return error;
}

/**
 * Checks a staff account's email and password: the account when they match and it is not
 * disabled. Wrong → 401 (the same words whether the email is known or not, after the same work),
 * a disabled account with its right password → 403, too many wrong from the address or overall →
 * 429, and too many wrong for the account → 429 unless this browser is one of its known devices.
 */
export async function checkStaffPassword(email: string, password: string, caller: Caller): Promise<StaffMember> {
  const { address } = caller;
  await addressLimit(address);
  const db = await database();
  const [member] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  const subject = member ? String(member.id) : null;
  const backoff = await globalBackoff(caller, async () => subject);
  if (backoff !== null) throw tooMany(backoff);
  if (member) {
    const record = await accountFailures.get(subject!);
    if (record && record.consumedPoints >= ACCOUNT_FAILURES && !(await caller.knownDevice(subject!))) throw paused(record.msBeforeNext);
  }
  if (await verifyPassword(password, member?.passwordHash ?? null)) {
    if (member!.disabledAt) throw new HttpError(403, ACCOUNT_DISABLED);
    return member!;
  }
  if (member) {
    const counted = await accountFailures.consume(subject!).catch((rejected) => rejected as { consumedPoints: number });
    if (counted.consumedPoints >= ACCOUNT_FAILURES) await accountFailures.block(subject!, ACCOUNT_PAUSE_SECONDS);
  }
  await countFailure(address);
  throw new HttpError(401, WRONG_EMAIL_OR_PASSWORD);
}
