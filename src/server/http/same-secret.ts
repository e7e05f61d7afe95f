import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether two secrets (passwords, tokens, signatures) are equal, compared in constant time over
 * equal-length digests, so neither the timing nor the length of a guess says anything.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
