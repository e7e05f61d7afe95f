/// <reference types="astro/client" />

/** True when the build has Clerk sign-in (both keys were set at build time); see astro.config.mjs. */
declare const __CLERK_ENABLED__: boolean;

declare namespace App {
  interface Locals {
    /** The visitor's session id, from the httpOnly `sid` cookie set on first visit. */
    sessionId: string | null;
    /** The signed-in or subscribed user, when known. */
    userId: number | null;
    /** The user signed in through Clerk on this request; always null when Clerk is off. */
    clerkUser: import('./server/adapters/clerk-user').ClerkUser | null;
  }
}
