// @ts-check
// The Content-Security-Policy settings of astro.config.mjs (experimental.csp).
import { CLERK_CHALLENGES_ORIGIN, CLERK_IMAGES_ORIGIN } from './clerk-keys.mjs';

/** @typedef {Exclude<NonNullable<import('astro').AstroUserConfig['experimental']>['csp'], boolean | undefined>} CspSettings */

/**
 * Astro adds script-src and style-src itself, with a hash of every script and style it emits.
 * With Clerk on (its Frontend API host given), the origins Clerk's CSP guide requires are added:
 * its Frontend API for clerk-js and its requests, Cloudflare's bot protection as script and
 * frame, img.clerk.com for avatars, blob: workers, and inline styles for its CSS-in-JS.
 * @param {string | null} clerkHost
 * @returns {CspSettings}
 */
export function cspSettings(clerkHost) {
  const clerk = clerkHost ? `https://${clerkHost}` : null;
  const list = [
    "default-src 'self'",
    `img-src 'self' data: https:${clerk ? ` ${CLERK_IMAGES_ORIGIN}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${clerk ? ` ${clerk}` : ''}`,
    "manifest-src 'self'",
    `worker-src 'self'${clerk ? ' blob:' : ''}`,
    ...(clerk ? [`frame-src 'self' ${CLERK_CHALLENGES_ORIGIN}`] : []),
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  // Astro types each directive by its name; every entry above starts with one.
  const directives = /** @type {NonNullable<CspSettings['directives']>} */ (list);
  if (!clerk) return { directives };
  return {
    directives,
    scriptDirective: { resources: ["'self'", clerk, CLERK_CHALLENGES_ORIGIN] },
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  };
}
