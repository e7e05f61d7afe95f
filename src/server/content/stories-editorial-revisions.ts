import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { blogPosts, storyRevisions } from '../../../db/schema';
import type { Actor } from '../admin/history';
import { database } from '../db/database';
import { HttpError } from '../http/responses';

/** How many revisions a Story keeps: the oldest goes when a new one would pass this. */
export const STORY_REVISION_CAP = 50;

/**
 * The statements that record a Story as it now is, to run in the same batch right after the
 * statement that changed it: the revision is written only when that statement changed the row
 * (`changes()`), and the oldest revisions past the cap are dropped.
 */
export function revisionStatements(db: Database, storyId: number, actor: Actor, event: string, at: Date) {
  return {
    insert: db.run(sql`INSERT INTO story_revisions (story_id, version, at, actor_id, actor_name, event, title, excerpt, content, doc)
      SELECT id, version, ${at.getTime()}, ${actor?.id ?? null}, ${actor?.name ?? 'The guide'}, ${event}, title, excerpt, content, doc
      FROM blog_posts WHERE id = ${storyId} AND changes() > 0`),
    cap: db.run(sql`DELETE FROM story_revisions WHERE story_id = ${storyId} AND id <= (
      SELECT id FROM story_revisions WHERE story_id = ${storyId} ORDER BY id DESC LIMIT 1 OFFSET ${STORY_REVISION_CAP})`),
  };
}

/** A Story's revisions, newest first, with their text (for comparing and restoring). */
export async function storyRevisionList(storyId: number) {
  const db = await database();
  return db.select().from(storyRevisions).where(eq(storyRevisions.storyId, storyId)).orderBy(desc(storyRevisions.id));
}

export async function storyRevision(storyId: number, revisionId: number) {
  const db = await database();
  const [revision] = await db
    .select()
    .from(storyRevisions)
    .where(and(eq(storyRevisions.storyId, storyId), eq(storyRevisions.id, revisionId)))
    .orderBy(asc(storyRevisions.id));
  if (!revision) throw new HttpError(404, 'Revision not found');
  return revision;
}

/**
 * The version a Story is saved at, when and by whom: the open editor asks every few seconds, so a
 * writer learns that someone else saved before they overwrite it (the 409 stays the final guard).
 */
export async function storyVersion(storyId: number) {
  const db = await database();
  const [story] = await db.select({ version: blogPosts.version, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.id, storyId));
  if (!story) throw new HttpError(404, 'Story not found');
  const [last] = await db
    .select({ actorId: storyRevisions.actorId, actorName: storyRevisions.actorName, version: storyRevisions.version })
    .from(storyRevisions)
    .where(eq(storyRevisions.storyId, storyId))
    .orderBy(desc(storyRevisions.id))
    .limit(1);
  const byLast = last?.version === story.version ? last : null;
  return { version: story.version, savedAt: story.updatedAt, savedBy: byLast ? { id: byLast.actorId, name: byLast.actorName } : null };
}
