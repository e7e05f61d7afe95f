import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { newsletterIssues, newsletterRuns } from '../../../db/schema';
import { weekLabel, weekParam } from '../../lib/calendar-week';
import { weekOf } from '../../lib/city-time';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { cleanNote } from './note-text';

/** Longest note the top of an issue takes: a few short paragraphs, not a Story. */
export const NOTE_MAX_LENGTH = 1200;
export const NOTE_STALE = 'Someone else saved this note after you opened it. Copy your text, reload the page to see theirs, then save again.';
export const NOTE_LOCKED = "This week's issue has started going out, so its note can no longer change.";

export const NoteBody = z.object({
  note: z
    .string({ error: 'Write the note, or clear it to leave the issue without one.' })
    .transform(cleanNote)
    .pipe(z.string().max(NOTE_MAX_LENGTH, `Keep the note under ${NOTE_MAX_LENGTH} characters.`)),
  version: z.number({ error: 'The note’s version is missing: reload the page.' }).int().min(0),
});

export interface IssueNote {
  week: string;
  weekLabel: string;
  note: string;
  /** 0 before anyone has written one. */
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
  /** The week's issue has started going out: the note is fixed. */
  locked: boolean;
}

/** The editor's note of the week that contains `now` (empty when none was written). */
export async function issueNote(now: Date = new Date()): Promise<IssueNote> {
  const db = await database();
  const weekStart = weekOf(now);
  const [[row], [run]] = await Promise.all([
    db.select().from(newsletterIssues).where(eq(newsletterIssues.weekStart, weekStart)),
    db.select({ startedAt: newsletterRuns.startedAt }).from(newsletterRuns).where(eq(newsletterRuns.weekStart, weekStart)),
  ]);
  return {
    week: weekParam(weekStart),
    weekLabel: weekLabel(weekStart),
    note: row?.note ?? '',
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
    locked: Boolean(run),
  };
}

/** Just the text, for the digest. */
export async function noteForWeek(weekStart: Date): Promise<string> {
  const db = await database();
  const [row] = await db.select({ note: newsletterIssues.note }).from(newsletterIssues).where(eq(newsletterIssues.weekStart, weekStart));
  return row?.note ?? '';
}

/**
 * Saves this week's note against the version the editor saw, with its History entry in the same
 * batch: a save that lost the race changes nothing and writes no entry (409).
 */
export async function saveIssueNote(actor: NonNullable<Actor>, input: z.infer<typeof NoteBody>, now: Date = new Date()): Promise<IssueNote> {
  const current = await issueNote(now);
  if (current.locked) throw new HttpError(409, NOTE_LOCKED);
  if (current.version !== input.version) throw new HttpError(409, NOTE_STALE);
  if (current.note === input.note) return current;
  const db = await database();
  const weekStart = weekOf(now);
  const [, entry] = await db.batch([
    db
      .insert(newsletterIssues)
      .values({ weekStart, note: input.note, version: 1, updatedAt: now, updatedBy: actor.name })
      .onConflictDoUpdate({
        target: newsletterIssues.weekStart,
        set: { note: input.note, version: sql`${newsletterIssues.version} + 1`, updatedAt: now, updatedBy: actor.name },
        setWhere: sql`${newsletterIssues.version} = ${input.version}`,
      }),
    historyEntryIfChanged(
      db,
      actor,
      {
        kind: 'newsletter',
        subjectId: current.week,
        subjectLabel: `Issue of ${current.weekLabel}`,
        event: current.version === 0 ? 'note added' : 'note edited',
        before: { note: current.note },
        after: { note: input.note },
      },
      now,
    ),
  ]);
  if (!entry.rowsAffected) throw new HttpError(409, NOTE_STALE);
  return issueNote(now);
}
