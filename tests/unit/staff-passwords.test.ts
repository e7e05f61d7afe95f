import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/admin/staff-passwords';
import { clerkBinding } from '../../src/server/admin/staff-invites';
import type { ClerkUser } from '../../src/server/adapters/clerk-user';

describe('staff passwords (scrypt)', () => {
  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time, never the password', async () => {
    const [one, two] = [await hashPassword('ironwood-and-sage'), await hashPassword('ironwood-and-sage')];
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('ironwood');
  });

  it('matches the right password only', async () => {
    const stored = await hashPassword('ironwood-and-sage');
    expect(await verifyPassword('ironwood-and-sage', stored)).toBe(true);
    expect(await verifyPassword('ironwood-and-sagE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('reads the cost from the stored hash, so raising it later keeps old passwords working', async () => {
    const stored = await hashPassword('ironwood-and-sage');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const cheaper = [
      'scrypt',
      1024,
      8,
      1,
      salt,
      scryptSync('ironwood-and-sage', Buffer.from(salt!, 'base64url'), 32, { N: 1024, r: 8, p: 1 }).toString('base64url'),
    ].join('$');
    expect(await verifyPassword('ironwood-and-sage', cheaper)).toBe(true);
  });

  it('no password, or a stored value of another shape, matches nothing', async () => {
    expect(await verifyPassword('anything-at-all', null)).toBe(false);
    expect(await verifyPassword('anything-at-all', 'plain-text')).toBe(false);
    expect(await verifyPassword('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `scrypt$32768$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}x`)).toBe(false);
  });
});

describe('an invite binds to a Clerk account', () => {
  const clerk = (email: string | null, emailVerified = true): ClerkUser => ({ id: 'user_2abc', email, emailVerified, firstName: null, name: null });
  it('only when the Clerk session is for the invite’s own email, verified by Clerk', () => {
    expect(clerkBinding('rosa@example.com', clerk('rosa@example.com'))).toBe('user_2abc');
    expect(clerkBinding('Rosa@Example.com', clerk('rosa@example.com'))).toBe('user_2abc');
    expect(clerkBinding('rosa@example.com', clerk('rosa@example.com', false))).toBeNull();
    expect(clerkBinding('rosa@example.com', clerk('mallory@example.com'))).toBeNull();
    expect(clerkBinding('rosa@example.com', clerk(null))).toBeNull();
    expect(clerkBinding('rosa@example.com', null)).toBeNull();
  });
});
