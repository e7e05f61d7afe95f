import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import { blogPosts, type BlogPost } from '../../../db/schema';
import type { StoryCategory } from '../../lib/catalog';
import { database } from '../db/database';

/**
 * A story without its body: what lists, cards and related posts need. `teaser` is the excerpt, or
 * for a story without one the opening of its text, so no card is left with a gap.
 */
export type StorySummary = Omit<BlogPost, 'content'> & { teaser: string };

const { content: _content, ...storyColumns } = getTableColumns(blogPosts);
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

function summaries(rows: (Omit<BlogPost, 'content'> & { lead: string })[]): StorySummary[] {
  return rows.map(({ lead, ...story }) => ({ ...story, teaser: story.excerpt ?? teaserFrom(lead) }));
}
const published = eq(blogPosts.isPublished, true);
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
export async function storyBySlug(slug: string): Promise<BlogPost | null> {
  const db = await database();
  const [post] = await db
    .select()
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
