import { storedBodyFromDocument, storedBodyFromMarkup } from '../../lib/story-document/stored-body';
import { TZDate } from '@date-fns/tz';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { blogPosts } from '../../../db/schema';
import type { StoryState } from '../../lib/catalog';
import { CITY_TIME_ZONE } from '../../lib/constants';
import type { Actor } from '../admin/history';
import type { StaffSession } from '../admin/session';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { commitStoryChange, STALE_VERSION, studioStory, STORY_NOT_FOUND, type StudioStory } from './stories-editorial';
import { storyRevision } from './stories-editorial-revisions';

/**
 * A Story's states, each with one meaning: draft → (review) → scheduled → published →
 * unpublished, and archived. Only 'published' is public (`publicStory` in blog.ts), and every
 * change here keeps `is_published` equal to it.
 */
const FROM: Record<'submit' | 'publish' | 'schedule' | 'unpublish' | 'archive' | 'unarchive', readonly StoryState[]> = {
  submit: ['draft'],
  publish: ['draft', 'review', 'scheduled', 'unpublished'],
  schedule: ['draft', 'review', 'scheduled', 'unpublished'],
  unpublish: ['published', 'scheduled'],
  archive: ['draft', 'review', 'scheduled', 'published', 'unpublished'],
  unarchive: ['archived'],
};
export type StoryTransition = keyof typeof FROM;

const NOT_FROM: Record<StoryTransition, string> = {
  submit: 'Only a draft can be submitted for review.',
  publish: 'This Story is already published or archived.',
  schedule: 'Only a Story that is not published can be scheduled.',
  unpublish: 'This Story is not published or scheduled.',
  archive: 'This Story is already archived.',
  unarchive: 'This Story is not archived.',
};

/** "2026-12-01T09:30" on Scottsdale's wall clock (a datetime-local field) as an instant. */
export const CityDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Choose a date and time (Scottsdale time)')
  .transform((value) => {
    const [date, time] = value.split('T') as [string, string];
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const [h, min] = time.split(':').map(Number) as [number, number];
    return new Date(new TZDate(y, m - 1, d, h, min, CITY_TIME_ZONE).getTime());
  });

export const TransitionBody = z.object({ version: z.number().int().positive('Version is required') });
export const ScheduleBody = TransitionBody.extend({ at: CityDateTime });

/** Moves a Story to its next state, checked against the version the editor saw. */
export async function transitionStory(
  actor: StaffSession,
  id: number,
  transition: StoryTransition,
  input: { version: number; at?: Date },
  now = new Date(),
): Promise<StudioStory> {
  const current = await studioStory(id);
  if (current.version !== input.version) throw new HttpError(409, STALE_VERSION);
  if (!FROM[transition].includes(current.status)) throw new HttpError(409, NOT_FROM[transition]);
  const set = nextState(current, transition, input.at, now);
  const updated = await commitStoryChange(
    actor,
    current,
    {
      set,
      guard: inArray(blogPosts.status, [...FROM[transition]]),
      expectedVersion: input.version,
      event: EVENTS[transition],
      history: {
        before: { status: current.status, scheduledFor: current.scheduledFor?.toISOString() ?? null },
        after: { status: set.status, scheduledFor: set.scheduledFor?.toISOString() ?? null },
      },
    },
    now,
  );
  if (!updated) throw new HttpError(409, STALE_VERSION);
  return updated;
}

const EVENTS: Record<StoryTransition, string> = {
  submit: 'submitted for review',
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'unpublished',
  archive: 'archived',
  unarchive: 'restored as a draft',
};

function nextState(current: StudioStory, transition: StoryTransition, at: Date | undefined, now: Date) {
  switch (transition) {
    case 'submit':
      return { status: 'review' as const };
    case 'publish':
      // A Story taken down and put back keeps its first date; "Updated" says when it changed.
      return { status: 'published' as const, isPublished: true, scheduledFor: null, publishedAt: current.publishedAt ?? now };
    case 'schedule':
      if (!at || at.getTime() <= now.getTime())
        throw new HttpError(400, 'Choose a time in the future (Scottsdale time).', { at: 'Choose a time in the future (Scottsdale time).' });
      return { status: 'scheduled' as const, isPublished: false, scheduledFor: at };
    case 'unpublish':
      return { status: 'unpublished' as const, isPublished: false, scheduledFor: null };
    case 'archive':
      return { status: 'archived' as const, isPublished: false, scheduledFor: null, isFeatured: false };
    case 'unarchive':
      return { status: 'draft' as const };
  }
}

/** Brings back a revision's title, excerpt and text as a new save (itself a revision). */
export async function restoreRevision(actor: StaffSession, id: number, revisionId: number, version: number, now = new Date()): Promise<StudioStory> {
  const current = await studioStory(id);
  if (current.version !== version) throw new HttpError(409, STALE_VERSION);
  if (current.status === 'archived') throw new HttpError(409, 'This Story is archived. Restore it as a draft before editing.');
  if (current.status !== 'draft' && current.status !== 'review' && actor.role === 'contributor') {
    throw new HttpError(403, 'Only an Editor can change a Story that is scheduled, published or taken down.');
  }
  const revision = await storyRevision(id, revisionId);
  // A revision from before the editor holds the old markup: it is converted as it is restored.
  const body = revision.doc ? storedBodyFromDocument(revision.doc) : storedBodyFromMarkup(revision.content);
  const set = { title: revision.title, excerpt: revision.excerpt, ...body, ...(current.status === 'published' ? { revisedAt: now } : {}) };
  const updated = await commitStoryChange(
    actor,
    current,
    {
      set,
      expectedVersion: version,
      event: 'restored a revision',
      history: { before: { title: current.title, version: current.version }, after: { title: revision.title, revision: revision.version } },
    },
    now,
  );
  if (!updated) throw new HttpError(409, STALE_VERSION);
  return updated;
}

/**
 * Publishes every scheduled Story whose time has come. Each one is claimed by a guarded update in
 * the database (status still 'scheduled', time passed), so with several instances, or after a
 * restart, exactly one of them publishes it and writes its revision and History entry.
 */
export async function publishDueStories(now = new Date()): Promise<{ id: number; title: string }[]> {
  const db = await database();
  const due = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.status, 'scheduled'), isNotNull(blogPosts.scheduledFor), lte(blogPosts.scheduledFor, now)));
  const published: { id: number; title: string }[] = [];
  for (const story of due) {
    const done = await commitStoryChange(
      null as Actor,
      story,
      {
        set: {
          status: 'published',
          isPublished: true,
          scheduledFor: null,
          publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.scheduledFor})` as unknown as Date,
        },
        guard: and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.scheduledFor, now)),
        event: 'published on schedule',
        history: { before: { status: 'scheduled', scheduledFor: story.scheduledFor?.toISOString() ?? null }, after: { status: 'published' } },
      },
      now,
    );
    if (done) published.push({ id: done.id, title: done.title });
  }
  return published;
}

export { STORY_NOT_FOUND };
