import { defineMiddleware, sequence } from 'astro:middleware';
import { NOT_ALLOWED, isPermission, roleCan } from './server/admin/permissions';
import { ADMIN_COOKIE, ADMIN_REQUIRED, staffSession } from './server/admin/session';
import { config } from './server/config';
import { releaseIfUnavailable } from './server/db/database';
import { trackingReads } from './server/db/generation';
import { DATABASE_UNAVAILABLE, errorJson } from './server/http/responses';
import { hasNonJsonBody, isCrossSiteWrite, isMultipartForm } from './server/http/request-guard';
import { privateWhenPersonal, withPageRevalidation, withRevalidation } from './server/http/revalidation';
import { routePolicy } from './server/http/route-policy.mjs';
import { keepIfShareable, shareTicket } from './server/http/shared-responses';
import { keepLockedPage, lockedPageTicket } from './server/http/locked-pages';
import { databaseUnavailablePage, staffForbiddenPage } from './server/http/unavailable-page';
import { writeLimitWait } from './server/http/write-limits';
import { currentOffer } from './server/subscriptions/pricing';
import { SIGN_IN_REQUIRED, resolveUser } from './server/visitors/identity';
import { existingVisitorSession, startVisitorSession } from './server/visitors/session';

// Every rule here comes from the route policy table (src/server/http/route-policy.mjs), keyed on
// the route a request matched (`/api/spots/[id]/love`), never on the raw path, which has many
// spellings for one route (trailing or doubled slashes, percent-escapes).

/**
 * What a caller without the access a route needs is told: an API answers 401 JSON; a page or file
 * (opened in a browser) is sent to the sign-in that would let them in.
 */
function refused(api: boolean, message: string, signIn: string, extra: Record<string, unknown> = {}): Response {
  if (api) return errorJson(401, message, extra);
  return new Response(null, { status: 303, headers: { Location: signIn, 'Cache-Control': 'no-store' } });
}

const guards = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.staff = null;
  context.locals.sessionId = null;
  context.locals.startSession = () => {
    throw new Error('No visitor session on this route.');
  };
  context.locals.clerkUser = null;
  if (context.isPrerendered) return next();

  const { request, url, routePattern: route } = context;
  const policy = routePolicy(route);
  const access = policy?.methods[request.method]?.access;
  const api = route.startsWith('/api/');
  // Outside services prove themselves by signature; a signed link's token is its proof.
  if (access !== 'webhook') {
    const siteHost = config().SITE_URL ? new URL(config().SITE_URL!).host : undefined;
    const signedLink = access === 'signed-link';
    if (!signedLink && isCrossSiteWrite(request, siteHost ? [siteHost] : [])) {
      return errorJson(403, 'Cross-site requests are not allowed.');
    }
    if (policy?.methods[request.method]?.body === 'imageUpload') {
      if (!isMultipartForm(request)) return errorJson(415, 'Send the photo as a multipart form (Content-Type: multipart/form-data) with a field named photo.');
    } else if (!signedLink && api && hasNonJsonBody(request)) {
      return errorJson(415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    const wait = await writeLimitWait(request.method, route, context.clientAddress);
    if (wait !== null) {
      const limited = errorJson(429, 'Too many requests. Please slow down and try again shortly.');
      limited.headers.set('Retry-After', String(wait));
      return limited;
    }
  }
  // Only the admin's browser carries the cookie, so nobody else's request reads the sessions table.
  if (context.cookies.has(ADMIN_COOKIE)) {
    try {
      context.locals.staff = await staffSession(context.cookies);
    } catch (error) {
      if (!releaseIfUnavailable(error)) throw error;
      return api ? errorJson(503, DATABASE_UNAVAILABLE) : databaseUnavailablePage();
    }
  }
  // Every route kind: an admin page or file is refused here like an admin endpoint, whatever it checks itself.
  if (access === 'admin' && !context.locals.staff) {
    return refused(api, ADMIN_REQUIRED, '/admin', policy?.errorField ? { error: ADMIN_REQUIRED } : {});
  }
  // The route names what the member of staff's role must allow (src/server/admin/permissions.ts).
  const permission = policy?.methods[request.method]?.permission;
  if (access === 'admin' && context.locals.staff && !(permission && isPermission(permission) && roleCan(context.locals.staff.role, permission))) {
    // A page opened in a browser gets a page that says so; an API or a file, JSON.
    if (policy?.kind === 'page') return staffForbiddenPage(NOT_ALLOWED);
    return errorJson(403, NOT_ALLOWED, policy?.errorField ? { error: NOT_ALLOWED } : {});
  }

  // Files (the sitemap, uploaded photos) are the same for everyone: no visitor session, no cookie.
  if (policy?.kind === 'file') return next();
  // A plain read sets no cookie; a write or a spot view starts the visitor's session when it has none.
  context.locals.sessionId = existingVisitorSession(context.cookies);
  context.locals.startSession = () => (context.locals.sessionId ??= startVisitorSession(context.cookies, url.protocol === 'https:'));
  if (request.method !== 'GET' && request.method !== 'HEAD') context.locals.startSession();
  const setsCookies = () => !context.cookies.headers().next().done;
  // Read after the rest of the chain has run: the user is known only inside next().
  const personal = () => ({ setsCookies: setsCookies(), signedIn: context.locals.user !== null || context.locals.clerkUser !== null });
  // The data generation is read before rendering, so a write during it leaves the copy stale.
  const ticket = await shareTicket(request, policy);
  // A personal spot page may be the one locked page every locked visitor shares (the page decides).
  const locked = !ticket && route === '/spots/[slug]' ? await lockedPageTicket(request, url) : null;
  // Every statement the answer is made from (its body included) notes the data it read.
  return trackingReads(ticket?.reads ?? locked?.reads, async () => {
    if (api) return keepIfShareable(ticket, request, privateWhenPersonal(await withRevalidation(request, await next()), personal()), personal());
    try {
      await currentOffer();
      const response = await keepLockedPage(locked, await next(), personal());
      return keepIfShareable(ticket, request, privateWhenPersonal(await withPageRevalidation(request, response, setsCookies(), route), personal()), personal());
    } catch (error) {
      // Endpoints answer this with JSON themselves (src/server/http/responses.ts); a page would be an empty 500.
      if (!releaseIfUnavailable(error)) throw error;
      return databaseUnavailablePage();
    }
  });
});

/** The request's user (after Clerk, when Clerk is on), and the `signed-in` access rule. */
const identity = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const policy = routePolicy(context.routePattern);
  const access = policy?.methods[context.request.method]?.access;
  // Files are the same for everyone, unless one is for signed-in users only.
  if (policy?.kind === 'file' && access !== 'signed-in') return next();
  const api = context.routePattern.startsWith('/api/');
  try {
    context.locals.user = await resolveUser(context.cookies, context.locals);
  } catch (error) {
    if (!api) throw error;
    if (!releaseIfUnavailable(error)) throw error;
    return errorJson(503, DATABASE_UNAVAILABLE);
  }
  if (access === 'signed-in' && !context.locals.user) return refused(api, SIGN_IN_REQUIRED, '/sign-in');
  return next();
});

// Clerk runs after the guards, so refused requests never reach it. Without Clerk keys at build
// time the branch, and @clerk/astro/server with it, is left out of the bundle.
export const onRequest = __CLERK_ENABLED__ ? sequence(guards, (await import('./server/adapters/clerk-auth')).clerkAuth(), identity) : sequence(guards, identity);
