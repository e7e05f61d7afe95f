import { publishedStories } from './blog';
import { allSpotSlugs } from '../spots/spots';
import { config } from '../config';
import { eventsChangedAt } from './events';

/**
 * The pages a search engine may list: every public route of the site. Pages about one visitor
 * (/account, /success, /admin, /unsubscribe), sign-in forms and the offline fallback are left out.
 */
export const PUBLIC_PAGES = ['/', '/spots', '/events', '/blog', '/top-spots', '/suggest', '/about', '/launch', '/subscribe', '/terms', '/privacy', '/refunds'] as const;

/** Paths crawlers are asked to leave alone: private pages and the JSON API. */
export const CRAWLER_DISALLOWED = ['/api/', '/admin', '/account', '/saved', '/success', '/unsubscribe', '/offline'] as const;

/** The public address of the site: SITE_URL when set, else the origin the request came to. */
export function siteOrigin(requestUrl: URL): string {
  return (config().SITE_URL ?? requestUrl.origin).replace(/\/+$/, '');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A Story's last material change once published (what its dateModified says), else its publication. */
function storyChangedAt(story: { publishedAt: Date | null; revisedAt: Date | null; createdAt: Date }): Date {
  const published = story.publishedAt ?? story.createdAt;
  return story.revisedAt && story.revisedAt > published ? story.revisedAt : published;
}

/**
 * sitemap.xml (sitemaps.org 0.9): the public pages, every spot page and every published story,
 * each with its last real change (a spot's edit, a Story's material revision, the events list's
 * newest change for /events).
 */
export async function sitemapXml(origin: string): Promise<string> {
  const [stories, spotPages, eventsChanged] = await Promise.all([publishedStories(), allSpotSlugs(), eventsChangedAt()]);
  const entries = [
    ...PUBLIC_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: path === '/events' ? eventsChanged : null })),
    ...spotPages.map(({ slug, changedAt }) => ({ loc: `${origin}/spots/${encodeURIComponent(slug)}`, lastmod: changedAt as Date | null })),
    ...stories.map((story) => ({ loc: `${origin}/blog/${encodeURIComponent(story.slug)}`, lastmod: storyChangedAt(story) as Date | null })),
  ];
  const urls = entries.map(({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; private pages and the API may not. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...CRAWLER_DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
