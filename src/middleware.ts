import { defineMiddleware, sequence } from 'astro:middleware';
import { config } from './server/config';
import { releaseIfUnavailable } from './server/db/database';
import { errorJson } from './server/http/responses';
import { hasNonJsonBody, isCrossSiteWrite } from './server/http/request-guard';
import { privateWhenPersonal, withPageRevalidation, withRevalidation } from './server/http/revalidation';
import { databaseUnavailablePage } from './server/http/unavailable-page';
import { visitorSession } from './server/visitors/session';
import { writeLimitWait } from './server/http/write-limits';

// Rules are keyed on the route a request matched (`/api/spots/[id]/love`), never on the raw path,
// which has many spellings for one route (trailing or doubled slashes, percent-escapes).

/** Endpoints that outside services call; they prove themselves by signature instead. */
const WEBHOOK_ROUTES = ['/api/stripe/webhook', '/api/browse-ai/webhook'];
/** Mail providers POST the RFC 8058 one-click unsubscribe form-encoded from their servers; the signed token is the proof. */
const SIGNED_LINK_ROUTES = ['/api/newsletter/unsubscribe'];

const guards = defineMiddleware(async (context, next) => {
  context.locals.userId = null;
  context.locals.sessionId = null;
  context.locals.clerkUser = null;
  if (context.isPrerendered) return next();

  const { request, url, routePattern: route } = context;
  const api = route.startsWith('/api/');
  if (!WEBHOOK_ROUTES.includes(route)) {
    const siteHost = config().SITE_URL ? new URL(config().SITE_URL!).host : undefined;
    const signedLink = SIGNED_LINK_ROUTES.includes(route);
    if (!signedLink && isCrossSiteWrite(request, siteHost ? [siteHost] : [])) {
      return errorJson(403, 'Cross-site requests are not allowed.');
    }
    if (!signedLink && api && hasNonJsonBody(request)) {
      return errorJson(415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    const wait = await writeLimitWait(request.method, route, context.clientAddress);
    if (wait !== null) {
      const limited = errorJson(429, 'Too many requests. Please slow down and try again shortly.');
      limited.headers.set('Retry-After', String(wait));
      return limited;
    }
  }

  context.locals.sessionId = visitorSession(context.cookies, url.protocol === 'https:');
  const setsCookies = () => !context.cookies.headers().next().done;
  // Read after the rest of the chain has run: Clerk's middleware sets the user inside next().
  const personal = () => ({ setsCookies: setsCookies(), signedIn: context.locals.clerkUser !== null });
  if (api) return privateWhenPersonal(await withRevalidation(request, await next()), personal());
  try {
    const response = await next();
    return privateWhenPersonal(await withPageRevalidation(request, response, setsCookies()), personal());
  } catch (error) {
    // Endpoints answer this with JSON themselves (src/server/http/responses.ts); a page would be an empty 500.
    if (!releaseIfUnavailable(error)) throw error;
    return databaseUnavailablePage();
  }
});

// Clerk runs after the guards, so refused requests never reach it. Without Clerk keys at build
// time the branch, and @clerk/astro/server with it, is left out of the bundle.
export const onRequest = __CLERK_ENABLED__ ? sequence(guards, (await import('./server/adapters/clerk-auth')).clerkAuth()) : guards;
