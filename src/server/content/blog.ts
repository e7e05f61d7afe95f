import { and, desc, eq, ne } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import { blogPosts, type BlogPost } from '../../../db/schema';
import type { StoryCategory } from '../../lib/catalog';
import { database } from '../db/database';

/** A story without its body: what lists, cards and related posts need. */
export type StorySummary = Omit<BlogPost, 'content'>;

const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);
const published = eq(blogPosts.isPublished, true);
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)] as const;

export async function publishedStories(): Promise<StorySummary[]> {
  const db = await database();
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst);
}

/** The newest published stories, at most `limit` of them. */
export async function latestStories(limit: number): Promise<StorySummary[]> {
  const db = await database();
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function featuredStories(): Promise<StorySummary[]> {
  const db = await database();
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.isFeatured, true)))
    .orderBy(...newestFirst);
}

export async function storiesInCategory(category: StoryCategory, excludeSlug?: string): Promise<StorySummary[]> {
  const db = await database();
  const filters = [published, eq(blogPosts.category, category)];
  if (excludeSlug) filters.push(ne(blogPosts.slug, excludeSlug));
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(...filters))
    .orderBy(...newestFirst);
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
