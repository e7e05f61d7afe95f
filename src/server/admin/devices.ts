import type { AstroCookies } from 'astro';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { staffDevices } from '../../../db/schema';
import { database } from '../db/database';
import { hashToken, newToken, tokenOf } from '../sessions/store';

/**
 * A browser that signed in as staff gets a long-lived `admin_device` cookie (a random token; the
 * database keeps a hash, so it survives restarts and is shared by every instance). The device is
 * known per staff account: the browser is remembered for each account that signed in on it, under
 * the hash of the account and the token together. Holding a live one for an account exempts the
 * browser from the global back-off and from that account's lockout (src/server/admin/auth.ts), so
 * guesses from elsewhere cannot lock the account out of its own devices; it opens nothing else. It
 * is sent only to the sign-in endpoints.
 */
export const DEVICE_COOKIE = 'admin_device';
const DEVICE_PATH = '/api/admin/auth';
const DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

const deviceId = (subject: string, token: string) => hashToken(`${subject}.${token}`);

/** Whether this request's browser is a live known device of this staff account (its subject). */
export async function knownDevice(cookies: AstroCookies, subject: string, now = Date.now()): Promise<boolean> {
  const token = tokenOf(cookies.get(DEVICE_COOKIE)?.value);
  if (!token) return false;
  const db = await database();
  // A device remembered before devices were per account is stored under the token's hash alone.
  const [row] = await db
    .select({ id: staffDevices.id })
    .from(staffDevices)
    .where(and(inArray(staffDevices.id, [deviceId(subject, token), hashToken(token)]), eq(staffDevices.subject, subject), gt(staffDevices.expiresAt, new Date(now))));
  return Boolean(row);
}

/** After a correct password: this browser is (still) known for this account, for another 90 days from now. */
export async function rememberDevice(cookies: AstroCookies, subject: string, secure: boolean, now = Date.now()): Promise<void> {
  const token = tokenOf(cookies.get(DEVICE_COOKIE)?.value) ?? newToken();
  const expiresAt = new Date(now + DEVICE_MS);
  const db = await database();
  await db.batch([
    db.delete(staffDevices).where(lt(staffDevices.expiresAt, new Date(now))),
    db
      .insert(staffDevices)
      .values({ id: deviceId(subject, token), subject, createdAt: new Date(now), expiresAt })
      .onConflictDoUpdate({ target: staffDevices.id, set: { expiresAt } }),
  ]);
  cookies.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: DEVICE_PATH, maxAge: DEVICE_MS / 1000 });
}
