import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import { blogPosts, storyRedirects, type BlogPost } from '../../../db/schema';
import type { StoryCategory } from '../../lib/catalog';
import { database } from '../db/database';

/**
 * A story without its body: what lists, cards and related posts need. `teaser` is the excerpt, or
 * for a story without one the opening of its text, so no card is left with a gap.
 */
export type StorySummary = Omit<PublicStory, 'content' | 'doc' | 'seoTitle' | 'seoDescription' | 'socialImage'> & { teaser: string };

/**
 * A published Story as readers get it: without the studio's bookkeeping (state, version, author
 * account) or the plain text kept for search (the HTML says the same).
 */
export type PublicStory = Omit<BlogPost, 'status' | 'scheduledFor' | 'version' | 'authorId' | 'plainText'>;

const { status: _status, scheduledFor: _scheduledFor, version: _version, authorId: _authorId, plainText: _plainText, ...publicColumns } = getTableColumns(blogPosts);
const { content: _content, doc: _doc, seoTitle: _seoTitle, seoDescription: _seoDescription, socialImage: _socialImage, ...storyColumns } = publicColumns;
const summaryColumns = { ...storyColumns, lead: sql<string>`substr(${blogPosts.content}, 1, 600)` };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const TEASER_LENGTH = 160;

/** The opening of a story's markup as one plain sentence or two, at most 160 characters. */
export function teaserFrom(markup: string): string {
  const text = markup
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= TEASER_LENGTH) return text;
  const cut = text.slice(0, TEASER_LENGTH);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentenceEnd > 60) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

function summaries(rows: (Omit<StorySummary, 'teaser'> & { lead: string })[]): StorySummary[] {
  return rows.map(({ lead, ...story }) => ({ ...story, teaser: story.excerpt ?? teaserFrom(lead) }));
}
/**
 * The one rule for what readers may see: a Story whose state is 'published'. Every page, feed, the
 * sitemap, the newsletter and the API use it; the studio keeps `is_published` equal to that
 * state in every change (src/server/content/stories-editorial-states.ts), and a scheduled Story
 * becomes public only when the scheduler writes it, so the shared response cache learns of it.
 */
export const publicStory = eq(blogPosts.isPublished, true);
const published = publicStory;
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)] as const;

export async function publishedStories(): Promise<StorySummary[]> {
  const db = await database();
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst);
  return summaries(rows);
}

/** The newest published stories, at most `limit` of them. */
export async function latestStories(limit: number): Promise<StorySummary[]> {
  const db = await database();
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
  return summaries(rows);
}

export async function featuredStories(): Promise<StorySummary[]> {
  const db = await database();
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.isFeatured, true)))
    .orderBy(...newestFirst);
  return summaries(rows);
}

export async function storiesInCategory(category: StoryCategory, excludeSlug?: string): Promise<StorySummary[]> {
  const db = await database();
  const filters = [published, eq(blogPosts.category, category)];
  if (excludeSlug) filters.push(ne(blogPosts.slug, excludeSlug));
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(...filters))
    .orderBy(...newestFirst);
  return summaries(rows);
}

/** One published story by slug; drafts are never served. */
export async function storyBySlug(slug: string): Promise<PublicStory | null> {
  const db = await database();
  const [post] = await db
    .select(publicColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)))
    .limit(1);
  return post ?? null;
}

/** The home page's stories: featured ones first, topped up with the newest, plus how many exist. */
export async function homeStories(count: number): Promise<{ shown: StorySummary[]; total: number }> {
  const [featured, all] = await Promise.all([featuredStories(), publishedStories()]);
  const shown = [...featured, ...all.filter((s) => !featured.some((f) => f.id === s.id))].slice(0, count);
  return { shown, total: all.length };
}

/** Where an old address of a published Story now lives: its current slug, when it is public. */
export async function storyRedirect(oldSlug: string): Promise<string | null> {
  const db = await database();
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(storyRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, storyRedirects.storyId))
    .where(and(eq(storyRedirects.oldSlug, oldSlug), published))
    .limit(1);
  return row?.slug ?? null;
}
