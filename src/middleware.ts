import { defineMiddleware, sequence } from 'astro:middleware';
import { config } from './server/config';
import { errorJson } from './server/http';
import { hasNonJsonBody, isCrossSiteWrite } from './server/request-guard';
import { withRevalidation } from './server/revalidation';
import { visitorSession } from './server/visitor-session';
import { writeLimitWait } from './server/write-limits';

/** Endpoints that outside services call; they prove themselves by signature instead. */
const WEBHOOK_PATHS = ['/api/stripe/webhook', '/api/browse-ai/webhook'];

const guards = defineMiddleware(async (context, next) => {
  context.locals.userId = null;
  context.locals.sessionId = null;
  context.locals.clerkUser = null;
  if (context.isPrerendered) return next();

  const { request, url } = context;
  if (!WEBHOOK_PATHS.includes(url.pathname)) {
    const siteHost = config().SITE_URL ? new URL(config().SITE_URL!).host : undefined;
    if (isCrossSiteWrite(request, siteHost ? [siteHost] : [])) {
      return errorJson(403, 'Cross-site requests are not allowed.');
    }
    if (url.pathname.startsWith('/api/') && hasNonJsonBody(request)) {
      return errorJson(415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    const wait = await writeLimitWait(request.method, url.pathname, context.clientAddress);
    if (wait !== null) {
      const limited = errorJson(429, 'Too many requests. Please slow down and try again shortly.');
      limited.headers.set('Retry-After', String(wait));
      return limited;
    }
  }

  context.locals.sessionId = visitorSession(context.cookies, url.protocol === 'https:');
  const response = await next();
  return url.pathname.startsWith('/api/') ? withRevalidation(request, response) : response;
});

// Clerk runs after the guards, so refused requests never reach it. Without Clerk keys at build
// time the branch, and @clerk/astro/server with it, is left out of the bundle.
export const onRequest = __CLERK_ENABLED__ ? sequence(guards, (await import('./server/clerk-auth')).clerkAuth()) : guards;
