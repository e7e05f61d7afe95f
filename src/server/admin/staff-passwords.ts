import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The shortest password a member of staff may set. */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_TOO_SHORT = `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;

// scrypt with N = 2^15, r = 8, p = 1: about 32 MiB and tens of milliseconds per check, so a stolen
// table costs a guesser the same for every guess. The parameters are stored with each hash, so
// they can be raised later without breaking the passwords already set.
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((ok, fail) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? fail(error) : ok(key))),
  );
}

/** A password as stored: `scrypt$N$r$p$salt$hash` (salt and hash in base64url). Never reversible. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STORED = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{16,128})$/;
// Checked when there is no account (or no password), so an unknown email takes as long as a wrong password.
const NOBODY = `scrypt$${COST.N}$${COST.r}$${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

/** Whether the password matches the stored hash, compared in constant time; a missing hash takes the same time and fails. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const given = stored !== null ? STORED.exec(stored) : null;
  const match = given ?? STORED.exec(NOBODY)!;
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const key = await derive(password, Buffer.from(salt!, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return given !== null && key.length === expected.length && timingSafeEqual(key, expected);
}
