import type { APIRoute } from 'astro';
import { feedStories, rssXml } from '../../server/content/feeds';
import { siteOrigin } from '../../server/content/site-map';
import { handle, methodNotAllowed } from '../../server/http/responses';
import { revalidated } from '../../server/http/revalidation';

const FEED_CACHE = 'public, max-age=600, stale-while-revalidate=3600';

/** GET /blog/rss.xml: the newest 20 published stories as RSS 2.0, full content. */
export const GET: APIRoute = ({ url, request }) =>
  handle(async () => {
    const origin = siteOrigin(url);
    const body = rssXml(origin, await feedStories(origin));
    return revalidated(request, new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } }), FEED_CACHE);
  });
export const ALL = methodNotAllowed(['GET']);
