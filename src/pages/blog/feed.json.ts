import type { APIRoute } from 'astro';
import { feedStories, jsonFeed } from '../../server/content/feeds';
import { siteOrigin } from '../../server/content/site-map';
import { handle, methodNotAllowed } from '../../server/http/responses';
import { revalidated } from '../../server/http/revalidation';

const FEED_CACHE = 'public, max-age=600, stale-while-revalidate=3600';

/** GET /blog/feed.json: the newest 20 published stories as JSON Feed 1.1, full content. */
export const GET: APIRoute = ({ url, request }) =>
  handle(async () => {
    const origin = siteOrigin(url);
    const body = JSON.stringify(jsonFeed(origin, await feedStories(origin)));
    return revalidated(request, new Response(body, { headers: { 'Content-Type': 'application/feed+json; charset=utf-8' } }), FEED_CACHE);
  });
export const ALL = methodNotAllowed(['GET']);
