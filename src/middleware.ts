import { defineMiddleware } from 'astro:middleware';
import { config } from './server/config';
import { discardDatabase } from './server/db';
import { errorJson, isDatabaseUnavailable } from './server/http';
import { hasNonJsonBody, isCrossSiteWrite } from './server/request-guard';
import { privateWhenSettingCookies, withPageRevalidation, withRevalidation } from './server/revalidation';
import { databaseUnavailablePage } from './server/unavailable-page';
import { visitorSession } from './server/visitor-session';
import { writeLimitWait } from './server/write-limits';

/** Endpoints that outside services call; they prove themselves by signature instead. */
const WEBHOOK_PATHS = ['/api/stripe/webhook', '/api/browse-ai/webhook'];
/** Mail providers POST the RFC 8058 one-click unsubscribe form-encoded from their servers; the signed token is the proof. */
const SIGNED_LINK_PATHS = ['/api/newsletter/unsubscribe'];

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.userId = null;
  context.locals.sessionId = null;
  if (context.isPrerendered) return next();

  const { request, url } = context;
  if (!WEBHOOK_PATHS.includes(url.pathname)) {
    const siteHost = config().SITE_URL ? new URL(config().SITE_URL!).host : undefined;
    const signedLink = SIGNED_LINK_PATHS.includes(url.pathname);
    if (!signedLink && isCrossSiteWrite(request, siteHost ? [siteHost] : [])) {
      return errorJson(403, 'Cross-site requests are not allowed.');
    }
    if (!signedLink && url.pathname.startsWith('/api/') && hasNonJsonBody(request)) {
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
  const setsCookies = () => !context.cookies.headers().next().done;
  if (url.pathname.startsWith('/api/')) return privateWhenSettingCookies(await withRevalidation(request, await next()), setsCookies());
  try {
    const response = await next();
    return privateWhenSettingCookies(await withPageRevalidation(request, response, setsCookies()), setsCookies());
  } catch (error) {
    // Endpoints answer this with JSON themselves (server/http.ts); a page would be an empty 500.
    if (!isDatabaseUnavailable(error)) throw error;
    console.error('[db] unavailable:', (error as Error).message);
    discardDatabase();
    return databaseUnavailablePage();
  }
});
