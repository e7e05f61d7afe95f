/// <reference types="astro/client" />

/** True when the build has Clerk sign-in (both keys were set at build time); see astro.config.mjs. */
declare const __CLERK_ENABLED__: boolean;
/** A RegExp source matching the paths of the pages the service worker never stores; see astro.config.mjs. */
declare const __NEVER_STORED_PAGES__: string;

declare namespace App {
  interface Locals {
    /** The visitor's session id, from the httpOnly `sid` cookie; null until their first write or spot view. */
    sessionId: string | null;
    /** The visitor's session id, issued now (cookie set) when they have none yet. */
    startSession: () => string;
    /** The signed-in user (Clerk, or the demo sign-in's signed cookie), when there is one. */
    user: import('./server/visitors/identity').SessionUser | null;
    /** The member of staff of a live staff session (the `admin_session` cookie), when there is one. */
    staff: import('./server/admin/session').StaffSession | null;
    /** The user signed in through Clerk on this request; always null when Clerk is off. */
    clerkUser: import('./server/adapters/clerk-user').ClerkUser | null;
  }
}
