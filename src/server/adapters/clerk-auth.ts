/// <reference types="@clerk/astro/env" />
// Loaded by src/middleware.ts only in builds with Clerk on; importing @clerk/astro/server without
// the integration fails the build.
import { clerkClient, clerkMiddleware } from '@clerk/astro/server';
import type { APIContext, MiddlewareHandler } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { isDeletedClerkUser, toClerkUser, type ClerkUser } from './clerk-user';
import { config } from '../config';
import { withInlineStyles } from './clerk-csp';

const USER_CACHE_MS = 60_000;
const USER_CACHE_MAX = 1_000;
/** How long a page may wait for Clerk's Backend API before it renders with what it has. */
const USER_LOOKUP_TIMEOUT_MS = 3_000;
/** After a failed lookup, how long to use the fallback before asking Clerk again. */
const FAILED_LOOKUP_RETRY_MS = 10_000;
const users = new Map<string, { user: ClerkUser; at: number }>();

function remember(userId: string, user: ClerkUser, at: number): void {
  users.delete(userId);
  users.set(userId, { user, at });
  if (users.size > USER_CACHE_MAX) users.delete(users.keys().next().value!);
}

function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The user behind a verified session, from Clerk's Backend API. Kept for a minute so a signed-in
 * visitor costs one call a minute, not one per request. When Clerk is slow or down, the last
 * profile we had is used (or the user is known by id only) and Clerk is asked again a little later.
 */
async function lookUpUser(context: APIContext, userId: string): Promise<ClerkUser | null> {
  // Deleted here (their account): the session token they may still hold for a minute is ignored.
  if (isDeletedClerkUser(userId)) return null;
  const cached = users.get(userId);
  if (cached && Date.now() - cached.at < USER_CACHE_MS) return cached.user;
  try {
    const user = toClerkUser(await withinTimeout(clerkClient(context).users.getUser(userId), USER_LOOKUP_TIMEOUT_MS));
    remember(userId, user, Date.now());
    return user;
  } catch (error) {
    // Clerk no longer has the user (deleted, on this instance or another): nobody is signed in.
    if ((error as { status?: unknown } | null)?.status === 404) {
      users.delete(userId);
      return null;
    }
    // The session itself is verified; without a profile the user is known by id only.
    console.error(`Clerk: could not read user ${userId}:`, error instanceof Error ? error.message : error);
    const fallback = cached?.user ?? { id: userId, email: null, emailVerified: false, firstName: null, name: null };
    remember(userId, fallback, Date.now() - USER_CACHE_MS + FAILED_LOOKUP_RETRY_MS);
    return fallback;
  }
}

const identify = defineMiddleware(async (context, next) => {
  // Prerendered pages are built without a request; Clerk's middleware leaves them alone too.
  if (context.isPrerendered) return next();
  const { userId } = context.locals.auth();
  context.locals.clerkUser = userId ? await lookUpUser(context, userId) : null;
  const response = withInlineStyles(await next());
  // With Clerk on, the same page differs by who is signed in: caches must key it by the cookies.
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Cookie');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

/** Clerk's own middleware (verifies the session cookie, serves the handshake), then the user. */
export function clerkAuth(): MiddlewareHandler {
  const { CLERK_SECRET_KEY, PUBLIC_CLERK_PUBLISHABLE_KEY, CLERK_JWT_KEY, SITE_URL } = config();
  if (!CLERK_SECRET_KEY) {
    throw new Error('This build has Clerk sign-in: set CLERK_SECRET_KEY (and PUBLIC_CLERK_PUBLISHABLE_KEY) when starting the server, or build without Clerk keys.');
  }
  const verify = clerkMiddleware({
    secretKey: CLERK_SECRET_KEY,
    ...(PUBLIC_CLERK_PUBLISHABLE_KEY ? { publishableKey: PUBLIC_CLERK_PUBLISHABLE_KEY } : {}),
    // Networkless verification when the PEM key is given; otherwise the JWKS from the Backend API.
    ...(CLERK_JWT_KEY ? { jwtKey: CLERK_JWT_KEY } : {}),
    // Session tokens minted for another site on the same Clerk instance are refused.
    ...(SITE_URL ? { authorizedParties: [new URL(SITE_URL).origin] } : {}),
  });
  return sequence(verify, identify);
}
