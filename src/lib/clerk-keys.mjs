// @ts-check
// Clerk's keys, read by astro.config.mjs at build time and by the server's config check.

const PUBLISHABLE_KEY = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

/**
 * The Frontend API host a publishable key names: `pk_test_` or `pk_live_` followed by the base64
 * of `{host}$`. Null when the key does not have that shape.
 * @param {string | undefined} publishableKey
 * @returns {string | null}
 */
export function clerkFrontendApiHost(publishableKey) {
  const match = PUBLISHABLE_KEY.exec(publishableKey?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[2] ?? '', 'base64').toString('utf8');
  if (!decoded.endsWith('$')) return null;
  const host = decoded.slice(0, -1);
  return HOSTNAME.test(host) ? host.toLowerCase() : null;
}

/**
 * Clerk is on only when both keys are set and the publishable key is well formed.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null} the Frontend API host when Clerk is on
 */
export function clerkHostWhenConfigured(env) {
  if (!env.CLERK_SECRET_KEY?.trim()) return null;
  return clerkFrontendApiHost(env.PUBLIC_CLERK_PUBLISHABLE_KEY);
}

/** Cloudflare's bot protection, which Clerk's sign-in and sign-up load (script and frame). */
export const CLERK_CHALLENGES_ORIGIN = 'https://challenges.cloudflare.com';
/** Where Clerk serves avatars and organisation logos. */
export const CLERK_IMAGES_ORIGIN = 'https://img.clerk.com';
