import { sql, type SQL } from 'drizzle-orm';
import { history, type HistoryKind } from '../../../db/schema';
import type { Database } from '../../../db/client';
import type { StaffSession } from './session';

/** One change made through the back office, as History shows it. */
export interface Change {
  kind: HistoryKind;
  subjectId: string | number;
  /** The record as people name it (a spot's name, a person's email), when the change was made. */
  subjectLabel: string;
  /** added, edited, archived, restored, approved, rejected, invited, disabled, … */
  event: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** A spot edit shown on the spot page's public change log, in these words. */
  publicLine?: string | null;
}

/** Who made a change: a member of staff, or the site itself (an import, a scheduled publish). */
export type Actor = Pick<StaffSession, 'id' | 'name'> | null;
const SYSTEM = 'The guide';

/**
 * The History entry of a change, as a statement to run in the same batch (or transaction) as the
 * change itself: both are written, or neither.
 */
export function historyEntry(db: Database, actor: Actor, change: Change, at = new Date()) {
  return db.insert(history).values({
    at,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? SYSTEM,
    kind: change.kind,
    subjectId: String(change.subjectId),
    subjectLabel: change.subjectLabel,
    event: change.event,
    before: change.before ?? null,
    after: change.after ?? null,
    publicLine: change.publicLine ?? null,
  });
}

/**
 * The History entry of a change made by the statement just before it in the batch, written only
 * when that statement changed a row (`changes()` on the same connection): a guarded update that
 * found nothing to change leaves no entry. `subjectId` may be SQL, such as `last_insert_rowid()`
 * after an insert.
 */
export function historyEntryIfChanged(db: Database, actor: Actor, change: Omit<Change, 'subjectId'> & { subjectId: string | number | SQL }, at = new Date()) {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  const subject = typeof change.subjectId === 'object' ? sql`CAST(${change.subjectId} AS TEXT)` : String(change.subjectId);
  return db.run(sql`INSERT INTO history (at, actor_id, actor_name, kind, subject_id, subject_label, event, before, after, public_line)
    SELECT ${at.getTime()}, ${actor?.id ?? null}, ${actor?.name ?? SYSTEM}, ${change.kind}, ${subject}, ${change.subjectLabel}, ${change.event},
      ${json(change.before)}, ${json(change.after)}, ${change.publicLine ?? null}
    WHERE changes() > 0`);
}

/** The fields that differ between two versions of a record, each side holding only those. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
