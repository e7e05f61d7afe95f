import type { APIRoute } from 'astro';
import { eventsFeedIcs, FeedQuery, upcomingIcsEvents } from '../server/content/calendar';
import { siteOrigin } from '../server/content/site-map';
import { handle, methodNotAllowed } from '../server/http/responses';
import { revalidated } from '../server/http/revalidation';

/** Calendar apps poll a subscription every few hours at most; an unchanged feed costs them a 304. */
const FEED_CACHE = 'public, max-age=900';

/** GET /events.ics[?category=Music]: the upcoming events as an iCalendar subscription, made from the database on each request. */
export const GET: APIRoute = ({ url, request }) =>
  handle(async () => {
    const query = FeedQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) {
      const reason = query.error.issues.map((issue) => issue.message).join('; ');
      return new Response(`Bad request: ${reason}.\n`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    }
    const origin = siteOrigin(url);
    const { category } = query.data;
    const body = eventsFeedIcs(await upcomingIcsEvents(origin, { category }), origin, category);
    const headers = { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="scottsdale-events.ics"' };
    return revalidated(request, new Response(body, { headers }), FEED_CACHE);
  });
export const ALL = methodNotAllowed(['GET']);
