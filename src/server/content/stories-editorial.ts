import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { blogPosts, staff, storyRedirects, storyRevisions, type BlogPost } from '../../../db/schema';
import { STORY_CATEGORIES, type StoryState } from '../../lib/catalog';
import { roleCan } from '../../lib/staff-roles';
import { slugSchema } from '../../lib/validation';
import { changedFields, historyEntryIfChanged, type Actor } from '../admin/history';
import type { StaffSession } from '../admin/session';
import { database, writeAtomically } from '../db/database';
import { HttpError } from '../http/responses';
import { revisionStatements } from './stories-editorial-revisions';
import { StoryDocumentSchema } from '../../lib/story-document/schema';
import { storedBodyFromDocument, storedBodyFromMarkup } from '../../lib/story-document/stored-body';

/** The stored body (document and rendered HTML) of what a writer sent, or nothing when no body was sent. */
function storedBody(input: { doc?: z.infer<typeof StoryDocumentSchema>; content?: string }) {
  if (input.doc) return storedBodyFromDocument(input.doc);
  if (input.content !== undefined) return storedBodyFromMarkup(input.content);
  return null;
}

export const STORY_NOT_FOUND = 'Story not found';
export const STALE_VERSION = 'Someone else saved this Story after you opened it. Copy your changes, reload the page to see theirs, then save again.';

const text = (max: number, name: string) => z.string().trim().max(max, `${name} must be at most ${max} characters`);
const optionalText = (max: number, name: string) =>
  text(max, name)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
/** A picture on this site (an uploaded photo or a bundled image) or on the web. */
const imagePath = z
  .string()
  .trim()
  .max(500, 'Image address must be at most 500 characters')
  .regex(/^(\/[^/\\]|https:\/\/)/, 'Image must be a path on this site or an https address');

/** The fields of a Story a member of staff edits. */
export const StoryFields = z.object({
  title: text(160, 'Title').min(1, 'Title is required'),
  slug: slugSchema,
  excerpt: optionalText(300, 'Excerpt'),
  /** The body as the editor's document (the stored source); checked node by node. */
  doc: StoryDocumentSchema.optional(),
  /** Or as HTML or the old light markup (imports, scripts): converted to a document on the server. */
  content: z.string().max(100_000, 'The Story is too long (at most 100,000 characters)').optional(),
  category: z.enum(STORY_CATEGORIES, { error: `Category must be one of: ${STORY_CATEGORIES.join(', ')}` }),
  tags: z.array(text(40, 'A tag').min(1, 'Tags cannot be empty')).max(12, 'At most 12 tags').default([]),
  heroImage: imagePath.nullable().optional().default(null),
  isFeatured: z.boolean().default(false),
  authorId: z.number().int().positive('Choose an author').optional(),
  seoTitle: optionalText(70, 'SEO title'),
  seoDescription: optionalText(160, 'SEO description'),
  socialImage: imagePath.nullable().optional().default(null),
});
export type StoryFieldsInput = z.infer<typeof StoryFields>;
export const StoryUpdate = StoryFields.partial().extend({ version: z.number().int().positive('Version is required') });

/** What the studio shows of a Story: every stored field. */
export type StudioStory = BlogPost;

const EDITABLE_BY_WRITERS: readonly StoryState[] = ['draft', 'review'];

/** The studio's list: every Story but archived ones unless asked, newest change first. */
export async function studioStories(filter: { status?: StoryState } = {}) {
  const db = await database();
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      author: blogPosts.author,
      status: blogPosts.status,
      category: blogPosts.category,
      scheduledFor: blogPosts.scheduledFor,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(filter.status ? eq(blogPosts.status, filter.status) : sql`${blogPosts.status} <> 'archived'`)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export async function studioStory(id: number): Promise<StudioStory> {
  const db = await database();
  const [story] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!story) throw new HttpError(404, STORY_NOT_FOUND);
  return story;
}

/** The staff a Story may be credited to: active accounts, by name. */
export async function storyAuthors() {
  const db = await database();
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(sql`${staff.disabledAt} IS NULL`)
    .orderBy(staff.name);
}

async function authorName(authorId: number): Promise<string> {
  const db = await database();
  const [row] = await db
    .select({ name: staff.name })
    .from(staff)
    .where(and(eq(staff.id, authorId), sql`${staff.disabledAt} IS NULL`));
  if (!row) throw new HttpError(400, 'Choose an author from the staff list.', { authorId: 'Choose an author from the staff list.' });
  return row.name;
}

async function slugTaken(slug: string, exceptId?: number): Promise<boolean> {
  const db = await database();
  const [story] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  if (story && story.id !== exceptId) return true;
  const [redirect] = await db.select({ storyId: storyRedirects.storyId }).from(storyRedirects).where(eq(storyRedirects.oldSlug, slug));
  return Boolean(redirect && redirect.storyId !== exceptId);
}
const SLUG_TAKEN = 'Another Story already uses this address. Choose another slug.';

/** A new draft, credited to its writer unless another author is chosen; revision 1 and History with it. */
export async function createStory(actor: StaffSession, input: StoryFieldsInput, now = new Date()): Promise<StudioStory> {
  const db = await database();
  if (await slugTaken(input.slug)) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  const authorId = input.authorId ?? actor.id;
  const author = await authorName(authorId);
  const { authorId: _ignored, doc: _doc, content: _content, ...fields } = input;
  const body = storedBody(input) ?? storedBodyFromMarkup('');
  const [inserted] = await writeAtomically(() =>
    db.batch([
      db
        .insert(blogPosts)
        .values({ ...fields, ...body, authorId, author, status: 'draft', isPublished: false, version: 1, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning(),
      db.run(sql`INSERT INTO story_revisions (story_id, version, at, actor_id, actor_name, event, title, excerpt, content, doc)
        SELECT id, version, ${now.getTime()}, ${actor.id}, ${actor.name}, 'created', title, excerpt, content, doc FROM blog_posts WHERE id = last_insert_rowid() AND changes() > 0`),
      historyEntryIfChanged(
        db,
        actor,
        {
          kind: 'story',
          subjectId: sql`(SELECT story_id FROM story_revisions WHERE id = last_insert_rowid())`,
          subjectLabel: input.title,
          event: 'added',
          after: { title: input.title, slug: input.slug, status: 'draft' },
        },
        now,
      ),
    ]),
  );
  const story = inserted[0];
  if (!story) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  return story;
}

/**
 * Runs one change to a Story with its revision and History entry, all in one batch. The update is
 * guarded by `guard` (and by the version the writer saw, when given): when it changes nothing, the
 * revision and the entry are not written either, and the caller learns why.
 */
export async function commitStoryChange(
  actor: Actor,
  current: StudioStory,
  change: {
    set: Partial<typeof blogPosts.$inferInsert>;
    guard?: SQL;
    expectedVersion?: number;
    event: string;
    history: { before: Record<string, unknown>; after: Record<string, unknown> };
    extra?: Parameters<Awaited<ReturnType<typeof database>>['batch']>[0][number][];
  },
  now = new Date(),
): Promise<StudioStory | null> {
  const db = await database();
  const filters = [eq(blogPosts.id, current.id)];
  if (change.guard) filters.push(change.guard);
  if (change.expectedVersion !== undefined) filters.push(eq(blogPosts.version, change.expectedVersion));
  const revision = revisionStatements(db, current.id, actor, change.event, now);
  const [updated] = await writeAtomically(() =>
    db.batch([
      db
        .update(blogPosts)
        .set({ ...change.set, version: sql`${blogPosts.version} + 1`, updatedAt: now })
        .where(and(...filters))
        .returning(),
      revision.insert,
      historyEntryIfChanged(
        db,
        actor,
        { kind: 'story', subjectId: current.id, subjectLabel: change.set.title ?? current.title, event: change.event, ...change.history },
        now,
      ),
      revision.cap,
      ...(change.extra ?? []),
    ]),
  );
  return updated[0] ?? null;
}

/** Explains a guarded update that changed nothing: the Story is gone, or someone saved first. */
async function refusal(id: number): Promise<never> {
  const db = await database();
  const [story] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
  if (!story) throw new HttpError(404, STORY_NOT_FOUND);
  throw new HttpError(409, STALE_VERSION);
}

/**
 * Saves a writer's edits against the version they opened. Writers without `stories:publish` edit
 * only drafts and Stories in review. A published Story whose slug changes keeps its old address
 * as a 301; a change of its title or text marks it "Updated".
 */
export async function updateStory(actor: StaffSession, id: number, input: z.infer<typeof StoryUpdate>, now = new Date()): Promise<StudioStory> {
  const current = await studioStory(id);
  if (!roleCan(actor.role, 'stories:publish') && !EDITABLE_BY_WRITERS.includes(current.status)) {
    throw new HttpError(403, 'Only an Editor can change a Story that is scheduled, published or taken down.');
  }
  if (current.status === 'archived') throw new HttpError(409, 'This Story is archived. Restore it as a draft before editing.');
  if (input.version !== current.version) throw new HttpError(409, STALE_VERSION);
  const { version, authorId, doc: _doc, content: _content, ...fields } = input;
  const set: Partial<typeof blogPosts.$inferInsert> = { ...fields };
  const body = storedBody(input);
  // The HTML stands for the document in the comparison and in History (it changes exactly when the text does).
  if (body && body.content !== current.content) Object.assign(set, body);
  if (authorId !== undefined && authorId !== current.authorId) Object.assign(set, { authorId, author: await authorName(authorId) });
  const slugChanged = fields.slug !== undefined && fields.slug !== current.slug;
  if (slugChanged && (await slugTaken(fields.slug!, id))) throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  const { doc: _newDoc, plainText: _plainText, ...compared } = set;
  const diff = changedFields(current as unknown as Record<string, unknown>, compared as Record<string, unknown>);
  if (!diff) return current;
  const material = ['title', 'content'].some((key) => key in diff.after);
  if (current.status === 'published' && material) set.revisedAt = now;
  const db = await database();
  const extra =
    slugChanged && current.publishedAt
      ? [
          db.delete(storyRedirects).where(eq(storyRedirects.oldSlug, fields.slug!)),
          db
            .insert(storyRedirects)
            .values({ oldSlug: current.slug, storyId: id, createdAt: now })
            .onConflictDoUpdate({ target: storyRedirects.oldSlug, set: { storyId: id } }),
        ]
      : [];
  const updated = await commitStoryChange(actor, current, { set, expectedVersion: version, event: 'edited', history: diff, extra }, now);
  return updated ?? refusal(id);
}

/** Deletes a Story for good (`stories:delete`), with its History entry. */
export async function deleteStory(actor: StaffSession, id: number, now = new Date()) {
  const current = await studioStory(id);
  const db = await database();
  await writeAtomically(() =>
    db.batch([
      db.delete(storyRevisions).where(eq(storyRevisions.storyId, id)),
      db.delete(storyRedirects).where(eq(storyRedirects.storyId, id)),
      db.delete(blogPosts).where(eq(blogPosts.id, id)),
      historyEntryIfChanged(
        db,
        actor,
        { kind: 'story', subjectId: id, subjectLabel: current.title, event: 'deleted', before: { title: current.title, slug: current.slug, status: current.status } },
        now,
      ),
    ]),
  );
  return { id, deleted: true };
}
