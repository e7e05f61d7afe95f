import { desc } from 'drizzle-orm';
import { blogPosts } from '../../../db/schema';
import { database } from '../db/database';
import { publicStory } from './blog';
import { liveStoryHtml } from './story-spots';

/** How many stories the feeds carry: the newest published ones. */
export const FEED_SIZE = 20;

export const FEED_TITLE = 'Scottsdale Local Guide: Stories';
export const FEED_DESCRIPTION = 'Stories from the Scottsdale Local Guide: where locals eat, hike, drink and spend their weekends.';

/** One story as both feeds carry it: absolute links, full sanitised content. */
export interface FeedStory {
  id: number;
  title: string;
  url: string;
  summary: string | null;
  contentHtml: string;
  author: string;
  category: string;
  image: string | null;
  published: Date;
  updated: Date;
}

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** The newest published stories with their bodies, ready for RSS and JSON Feed. */
export async function feedStories(origin: string, limit = FEED_SIZE): Promise<FeedStory[]> {
  const db = await database();
  const rows = await db.select().from(blogPosts).where(publicStory).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(limit);
  return Promise.all(
    rows.map(async (post) => ({
      id: post.id,
      title: post.title,
      url: absolute(origin, `/blog/${encodeURIComponent(post.slug)}`),
      summary: post.excerpt,
      contentHtml: await liveStoryHtml(post),
      author: post.author,
      category: post.category,
      image: post.heroImage ? absolute(origin, post.heroImage) : null,
      published: post.publishedAt ?? post.createdAt,
      updated: post.updatedAt,
    })),
  );
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** CDATA cannot hold `]]>`: it is split across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** RSS 2.0 (with content:encoded for the full story and atom:link for the feed's own address). */
export function rssXml(origin: string, stories: FeedStory[]): string {
  const blog = absolute(origin, '/blog');
  const self = absolute(origin, '/blog/rss.xml');
  const lastBuild = stories.reduce<Date | null>((latest, s) => (!latest || s.updated > latest ? s.updated : latest), null);
  const items = stories.map((story) =>
    [
      '    <item>',
      `      <title>${escapeXml(story.title)}</title>`,
      `      <link>${escapeXml(story.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(story.url)}</guid>`,
      `      <pubDate>${story.published.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(story.author)}</dc:creator>`,
      `      <category>${escapeXml(story.category)}</category>`,
      story.summary ? `      <description>${escapeXml(story.summary)}</description>` : '',
      `      <content:encoded>${cdata(story.contentHtml)}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(FEED_TITLE)}</title>`,
    `    <link>${escapeXml(blog)}</link>`,
    `    <description>${escapeXml(FEED_DESCRIPTION)}</description>`,
    '    <language>en-us</language>',
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    lastBuild ? `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function jsonFeed(origin: string, stories: FeedStory[]) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: FEED_TITLE,
    home_page_url: absolute(origin, '/blog'),
    feed_url: absolute(origin, '/blog/feed.json'),
    description: FEED_DESCRIPTION,
    icon: absolute(origin, '/icons/icon-512.png'),
    favicon: absolute(origin, '/favicon.svg'),
    language: 'en-US',
    items: stories.map((story) => ({
      id: story.url,
      url: story.url,
      title: story.title,
      content_html: story.contentHtml,
      ...(story.summary ? { summary: story.summary } : {}),
      ...(story.image ? { image: story.image } : {}),
      date_published: story.published.toISOString(),
      date_modified: story.updated.toISOString(),
      authors: [{ name: story.author }],
      // JSON Feed 1.0's single author, which 1.1 keeps for the readers that only know it.
      author: { name: story.author },
      tags: [story.category],
    })),
  };
}
