import type { AstroCookies } from 'astro';
import { and, eq, gt, lt } from 'drizzle-orm';
import { staffDevices } from '../../../db/schema';
import { database } from '../db/database';
import { hashToken, newToken, tokenOf } from '../sessions/store';

/**
 * A browser that signed in as staff gets a long-lived `admin_device` cookie (a random token; the
 * database keeps its hash, so it survives restarts and is shared by every instance). Holding a
 * live one exempts the browser from the global back-off (src/server/admin/auth.ts); it opens
 * nothing else. It is sent only to the sign-in endpoint.
 */
export const DEVICE_COOKIE = 'admin_device';
const DEVICE_PATH = '/api/admin/auth';
const DEVICE_MS = 90 * 24 * 60 * 60 * 1000;

/** The device token this request carries, when the database knows it and it has not run out. */
export async function knownDevice(cookies: AstroCookies, now = Date.now()): Promise<string | null> {
  const token = tokenOf(cookies.get(DEVICE_COOKIE)?.value);
  if (!token) return null;
  const db = await database();
  const [row] = await db
    .select({ id: staffDevices.id })
    .from(staffDevices)
    .where(and(eq(staffDevices.id, hashToken(token)), gt(staffDevices.expiresAt, new Date(now))));
  return row ? token : null;
}

/** After a correct password: this browser is (still) known, for another 90 days from now. */
export async function rememberDevice(cookies: AstroCookies, subject: string, secure: boolean, now = Date.now()): Promise<void> {
  const token = (await knownDevice(cookies, now)) ?? newToken();
  const expiresAt = new Date(now + DEVICE_MS);
  const db = await database();
  await db.batch([
    db.delete(staffDevices).where(lt(staffDevices.expiresAt, new Date(now))),
    db
      .insert(staffDevices)
      .values({ id: hashToken(token), subject, createdAt: new Date(now), expiresAt })
      .onConflictDoUpdate({ target: staffDevices.id, set: { expiresAt } }),
  ]);
  cookies.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: DEVICE_PATH, maxAge: DEVICE_MS / 1000 });
}
