import type { APIRoute } from 'astro';
import { handle, methodNotAllowed } from '../server/http/responses';
import { siteOrigin, sitemapXml } from '../server/content/site-map';

export const GET: APIRoute = ({ url }) =>
  handle(
    async () =>
      new Response(await sitemapXml(siteOrigin(url)), {
        headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
      }),
  );
export const ALL = methodNotAllowed(['GET']);
