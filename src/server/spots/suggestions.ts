import { and, asc, eq, sql } from 'drizzle-orm';
import { spots, userSuggestions } from '../../../db/schema';
import { SPOT_CATEGORIES } from '../../lib/catalog';
import type { SuggestionInput } from '../../lib/suggestion';
import { database, writeAtomically } from '../db/database';
import { freeSlug } from './spots';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { HttpError } from '../http/responses';

/** Stores a suggestion; it is committed before the visitor is told it arrived. */
export async function submitSuggestion(input: SuggestionInput) {
  const db = await database();
  const [row] = await db.insert(userSuggestions).values(input).returning();
  return row!;
}

export async function pendingSuggestions() {
  const db = await database();
  return db
    .select({
      id: userSuggestions.id,
      spotName: userSuggestions.spotName,
      description: userSuggestions.description,
      link: userSuggestions.link,
      submitterName: userSuggestions.submitterName,
      createdAt: userSuggestions.createdAt,
    })
    .from(userSuggestions)
    .where(eq(userSuggestions.status, 'pending'))
    .orderBy(asc(userSuggestions.createdAt), asc(userSuggestions.id));
}

/**
 * Approves or rejects a pending suggestion. A decided one is a 409, never a second change.
 * Approving a suggestion that names an existing spot (any case) counts one more local
 * recommendation for that spot, in the same atomic batch.
 */
export async function decideSuggestion(id: number, decision: 'approved' | 'rejected', actor: Actor = null) {
  const db = await database();
  const [pending] = await db.select({ spotName: userSuggestions.spotName }).from(userSuggestions).where(eq(userSuggestions.id, id));
  const decide = db
    .update(userSuggestions)
    .set({ status: decision })
    .where(and(eq(userSuggestions.id, id), eq(userSuggestions.status, 'pending')))
    .returning();
  // Right after the guarded update: written only when it decided the suggestion.
  const entry = historyEntryIfChanged(db, actor, {
    kind: 'suggestion',
    subjectId: id,
    subjectLabel: pending?.spotName ?? `Suggestion ${id}`,
    event: decision,
    before: { status: 'pending' },
    after: { status: decision },
  });
  const [decided] =
    decision === 'approved'
      ? await db.batch([
          decide,
          entry,
          // changes() is the row count of the History entry just before (1 only when the suggestion was decided).
          db.run(sql`UPDATE spots SET suggestion_count = suggestion_count + 1
            WHERE changes() > 0 AND lower(name) = lower((SELECT spot_name FROM user_suggestions WHERE id = ${id}))`),
        ])
      : await db.batch([decide, entry]);
  if (decided[0]) return decided[0];
  const [existing] = await db.select({ status: userSuggestions.status }).from(userSuggestions).where(eq(userSuggestions.id, id));
  if (!existing) throw new HttpError(404, 'Suggestion not found');
  throw new HttpError(409, `This suggestion was already ${existing.status}.`);
}

/**
 * A draft spot made from an approved suggestion: its name, its description as our take and its
 * link as the website, in the first category until the editor chooses. One spot per name: a second
 * call (or a spot already named so) is a 409 that says which spot it is.
 */
export async function spotFromSuggestion(actor: Actor, id: number) {
  const db = await database();
  const [suggestion] = await db.select().from(userSuggestions).where(eq(userSuggestions.id, id));
  if (!suggestion) throw new HttpError(404, 'Suggestion not found');
  if (suggestion.status !== 'approved') throw new HttpError(409, 'Approve the suggestion before making a spot from it.');
  const [existing] = await db
    .select({ id: spots.id })
    .from(spots)
    .where(sql`lower(${spots.name}) = lower(${suggestion.spotName})`);
  if (existing) throw new HttpError(409, `There is already a spot named ${suggestion.spotName}. Find it in Spots.`);
  const slug = await freeSlug(suggestion.spotName);
  const values = {
    name: suggestion.spotName,
    category: SPOT_CATEGORIES[0],
    slug,
    description: suggestion.description,
    website: suggestion.link,
    imageUrl: '',
    mapsUrl: '',
    draft: 1,
  };
  const [[spot]] = await writeAtomically(() =>
    db.batch([
      db.insert(spots).values(values).returning({ id: spots.id }),
      historyEntryIfChanged(db, actor, {
        kind: 'spot',
        subjectId: sql`last_insert_rowid()`,
        subjectLabel: values.name,
        event: 'added as a draft from a suggestion',
        after: { name: values.name, slug, category: values.category, website: values.website, draft: 1, suggestionId: id },
      }),
    ]),
  );
  return { id: spot!.id, slug, editorUrl: `/admin/spots/${spot!.id}` };
}
