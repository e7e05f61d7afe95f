import type { APIRoute } from 'astro';
import { methodNotAllowed } from '../server/http/responses';
import { robotsTxt, siteOrigin } from '../server/content/site-map';

export const GET: APIRoute = ({ url }) =>
  new Response(robotsTxt(siteOrigin(url)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
export const ALL = methodNotAllowed(['GET']);
