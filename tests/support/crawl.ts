import type { TestServer } from './server';

/** A page as a search engine's crawler gets it: one request, no cookies. */
export interface CrawledPage {
  path: string;
  status: number;
  html: string;
}

/**
 * Pages a search engine or a shared link reaches besides the sitemap's: the other list tabs,
 * pages for one visitor that still share the layout, and the not-found page.
 */
export const OTHER_PAGES = ['/spots?tab=restaurants', '/spots?tab=activities', '/saved', '/sign-in', '/sign-up', '/no-such-page'] as const;

/** Every public route: the sitemap's (every main page, spot page and Story) and OTHER_PAGES. */
export async function publicRoutes(server: TestServer): Promise<string[]> {
  const xml = await (await server.fetch('/sitemap.xml')).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return [...listed, ...OTHER_PAGES];
}

/** Fetches every route once, a few at a time. */
export async function crawl(server: TestServer, paths: string[], parallel = 4): Promise<CrawledPage[]> {
  const pages: CrawledPage[] = [];
  for (let i = 0; i < paths.length; i += parallel) {
    const batch = await Promise.all(
      paths.slice(i, i + parallel).map(async (path) => {
        const response = await server.fetch(path, { redirect: 'manual' });
        return { path, status: response.status, html: await response.text() };
      }),
    );
    pages.push(...batch);
  }
  return pages;
}

/** The `<meta property|name="…" content="…">` tags of a page's head, by name (HTML entities of URLs undone). */
export function metaTags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[match[1]!] = match[2]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  }
  return tags;
}
