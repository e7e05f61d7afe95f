import type { APIRoute } from 'astro';
import { z } from 'zod';
import { parseWeekParam } from '../../../lib/calendar-week';
import { weekOf } from '../../../lib/city-time';
import { config } from '../../../server/config';
import { handle, methodNotAllowed, parseQuery } from '../../../server/http/responses';
import { issueTime, renderIssue } from '../../../server/newsletter/desk-actions';

const Query = z.object({
  format: z.enum(['html', 'text'], { error: 'format must be html or text' }).default('html'),
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'week must be a date like 2026-11-22')
    .optional(),
});

/**
 * The email shown inside the Newsletter page's frame: no script runs in it (sandbox), it loads
 * nothing but pictures, only the site's own pages may frame it, and its inline styles (as mail
 * clients need them) apply.
 */
const PREVIEW_POLICY = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/**
 * The admin's preview of an issue as subscribers get it: this week's (or another week's,
 * `?week=YYYY-MM-DD`) as of its Thursday 9:00, or as of now once that has passed. `?format=text`
 * shows the plain-text part.
 */
export const GET: APIRoute = ({ locals, url }) =>
  handle(async () => {
    // The middleware refuses it first (route policy `admin`); this holds should the route ever move.
    if (!locals.staff) return new Response(null, { status: 303, headers: { Location: '/admin', 'Cache-Control': 'no-store' } });
    const { format, week } = parseQuery(url, Query);
    const now = new Date();
    const weekStart = week ? parseWeekParam(week, now) : weekOf(now);
    const siteUrl = config().SITE_URL ?? url.origin;
    const message = await renderIssue(issueTime(weekStart, now), siteUrl, new URL('/admin', siteUrl).toString());
    const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Content-Security-Policy': PREVIEW_POLICY };
    return format === 'text'
      ? new Response(`Subject: ${message.subject}\n\n${message.text}`, { headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
      : new Response(message.html, { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
  });

export const ALL = methodNotAllowed(['GET']);
