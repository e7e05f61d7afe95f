import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { readerCorrections, spots, type ReaderCorrection, type Spot } from '../../../db/schema';
import {
  CORRECTABLE_FIELDS,
  CORRECTION_MESSAGES,
  CORRECTION_MIN_FILL_MS,
  CORRECTION_TOKEN_MAX_AGE_MS,
  proposedValue,
  shownValue,
  type CorrectableField,
  type CorrectionInput,
} from '../../lib/correction';
import { historyEntryIfChanged, type Actor } from '../admin/history';
import { database, writeAtomically } from '../db/database';
import { HttpError } from '../http/responses';
import { signValue, verifySignedValue } from '../http/signed-value';
import { SPOT_NOT_FOUND } from './archive';
import { editSpot, spotVersion } from './editorial';
import { sendQueuedThanks, thankReader } from './correction-thanks';

/** The token a spot page's correction forms carry: which spot, and when the page was made (signed). */
export function correctionFormToken(spotId: number, now = Date.now()): string {
  return signValue(`correction:${spotId}:${now}`);
}

/** Refuses a form sent too soon after its page was made (a robot), or too late, or for another spot. */
function checkFormToken(spotId: number, token: string, now: number): void {
  const [purpose, id, at] = (verifySignedValue(token) ?? '').split(':');
  const issued = Number(at);
  if (purpose !== 'correction' || Number(id) !== spotId || !Number.isSafeInteger(issued) || now - issued > CORRECTION_TOKEN_MAX_AGE_MS) {
    throw new HttpError(400, CORRECTION_MESSAGES.expired);
  }
  if (now - issued < CORRECTION_MIN_FILL_MS) throw new HttpError(400, CORRECTION_MESSAGES.tooQuick);
}

/**
 * Stores a reader's correction of a spot in the guide or closed (not a draft, not archived). It is
 * committed before the reader is told it arrived. A filled spam trap gets the same answer and
 * stores nothing, so a robot learns nothing from it.
 */
export async function submitCorrection(spotId: number, input: CorrectionInput, now = Date.now()) {
  const db = await database();
  const [spot] = await db
    .select({ id: spots.id })
    .from(spots)
    .where(and(eq(spots.id, spotId), isNull(spots.archivedAt), eq(spots.draft, 0)));
  if (!spot) throw new HttpError(404, SPOT_NOT_FOUND);
  checkFormToken(spotId, input.token, now);
  if (input.company) return { message: CORRECTION_MESSAGES.received };
  await db.insert(readerCorrections).values({
    spotId,
    kind: input.kind,
    field: input.kind === 'edit' ? input.field : null,
    proposed: input.kind === 'edit' ? input.proposed : null,
    note: input.note,
    email: input.email,
    createdAt: new Date(now),
  });
  return { message: CORRECTION_MESSAGES.received };
}

export interface DiffRow {
  field: string;
  label: string;
  current: string;
  proposed: string;
}

/** What accepting a correction would change, field by field: the spot as it is against the reader's value. */
export function correctionDiff(correction: Pick<ReaderCorrection, 'kind' | 'field' | 'proposed'>, spot: Spot): DiffRow[] {
  if (correction.kind === 'closed') {
    return [{ field: 'status', label: 'Status', current: spot.status, proposed: 'permanently-closed (or temporarily closed until a date you choose)' }];
  }
  const field = correction.field as CorrectableField;
  return [
    {
      field,
      label: CORRECTABLE_FIELDS[field],
      current: shownValue(field, spot[field]),
      proposed: shownValue(field, proposedValue(field, correction.proposed ?? '')),
    },
  ];
}

const inboxColumns = { correction: readerCorrections, spot: spots };

/** The Corrections inbox: open corrections oldest first, each with its diff and the spot's version; then the latest decided ones. */
export async function correctionsInbox(decidedLimit = 20) {
  const db = await database();
  const open = await db
    .select(inboxColumns)
    .from(readerCorrections)
    .innerJoin(spots, eq(spots.id, readerCorrections.spotId))
    .where(eq(readerCorrections.state, 'open'))
    .orderBy(asc(readerCorrections.createdAt), asc(readerCorrections.id));
  const decided = await db
    .select(inboxColumns)
    .from(readerCorrections)
    .innerJoin(spots, eq(spots.id, readerCorrections.spotId))
    .where(ne(readerCorrections.state, 'open'))
    .orderBy(desc(readerCorrections.decidedAt), desc(readerCorrections.id))
    .limit(decidedLimit);
  const shape = ({ correction, spot }: { correction: ReaderCorrection; spot: Spot }) => ({
    id: correction.id,
    kind: correction.kind,
    field: correction.field,
    fieldLabel: correction.field ? (CORRECTABLE_FIELDS[correction.field as CorrectableField] ?? correction.field) : null,
    proposed: correction.proposed,
    note: correction.note,
    hasEmail: correction.email !== null,
    state: correction.state,
    thanks: correction.thanks,
    createdAt: correction.createdAt,
    decidedAt: correction.decidedAt,
    spot: { id: spot.id, name: spot.name, slug: spot.slug, version: spotVersion(spot), archived: spot.archivedAt !== null },
    diff: correctionDiff(correction, spot),
  });
  return { open: open.map(shape), decided: decided.map(shape) };
}
export type InboxCorrection = Awaited<ReturnType<typeof correctionsInbox>>['open'][number];

async function openCorrection(id: number) {
  const db = await database();
  const [found] = await db.select(inboxColumns).from(readerCorrections).innerJoin(spots, eq(spots.id, readerCorrections.spotId)).where(eq(readerCorrections.id, id));
  if (!found) throw new HttpError(404, 'Correction not found');
  if (found.correction.state !== 'open') throw new HttpError(409, `This correction was already ${found.correction.state}.`);
  return found;
}

/** The statement that decides a correction, guarded so it decides an open one only once. */
function decide(db: Awaited<ReturnType<typeof database>>, correction: ReaderCorrection, state: 'accepted' | 'rejected', actor: Actor, now: Date) {
  return db
    .update(readerCorrections)
    .set({ state, decidedBy: actor?.id ?? null, decidedAt: now, thanks: state === 'accepted' && correction.email ? 'queued' : 'none' })
    .where(and(eq(readerCorrections.id, correction.id), eq(readerCorrections.state, 'open')));
}

const decisionEntry = (
  db: Awaited<ReturnType<typeof database>>,
  actor: Actor,
  correction: ReaderCorrection,
  spotName: string,
  state: 'accepted' | 'rejected',
  now: Date,
) =>
  historyEntryIfChanged(
    db,
    actor,
    {
      kind: 'suggestion',
      subjectId: `correction-${correction.id}`,
      subjectLabel: spotName,
      event: state === 'accepted' ? 'correction accepted' : 'correction rejected',
      before: { state: 'open' },
      after: { state, ...(correction.field && { field: correction.field }) },
    },
    now,
  );

export interface AcceptInput {
  version: number;
  publicLine: string | null;
  /** A closed report: the last closed day of a temporary closure; none means closed for good. */
  closedUntil: string | null;
}

/**
 * Accepts a correction: the change goes through the spot editor's own service (its version check,
 * the spot's History entry and public change log line in the same batch), and the correction is
 * decided in that batch too. A reader who left an address is thanked once it is written.
 */
export async function acceptCorrection(actor: Actor, id: number, input: AcceptInput, origin: string, now = new Date()) {
  const { correction, spot } = await openCorrection(id);
  if (spot.archivedAt) throw new HttpError(409, 'This spot is archived. Restore it before changing it, or reject the correction.');
  const label = correction.kind === 'edit' ? CORRECTABLE_FIELDS[correction.field as CorrectableField] : 'Status';
  const patch =
    correction.kind === 'edit'
      ? { [correction.field!]: proposedValue(correction.field as CorrectableField, correction.proposed ?? '') }
      : input.closedUntil
        ? { status: 'temporarily-closed', closedUntil: input.closedUntil }
        : { status: 'permanently-closed' };
  const publicLine =
    input.publicLine ??
    (correction.kind === 'closed'
      ? input.closedUntil
        ? 'Closed for now, as a reader told us'
        : 'Now closed, as a reader told us'
      : `${label} corrected, thanks to a reader`);
  const edited = await editSpot(actor, spot.id, { ...patch, version: input.version, publicLine }, now, {
    event:
      correction.kind === 'closed'
        ? `marked ${input.closedUntil ? 'temporarily' : 'permanently'} closed from a reader's report`
        : `${label.toLowerCase()} corrected from a reader's note`,
    alsoInBatch: (db) => [
      db.run(sql`${decide(db, correction, 'accepted', actor, now).getSQL()} AND changes() > 0`),
      decisionEntry(db, actor, correction, spot.name, 'accepted', now),
    ],
  });
  if (!edited.changed) {
    // The spot already says what the reader proposed: nothing to change, the correction is still theirs and accepted.
    const db = await database();
    const [decided] = await writeAtomically(() =>
      db.batch([decide(db, correction, 'accepted', actor, now), decisionEntry(db, actor, correction, spot.name, 'accepted', now)]),
    );
    if (decided.rowsAffected === 0) throw new HttpError(409, 'This correction was already decided.');
  }
  const thanks = correction.email ? await thankReader(correction.id, correction.email, spot.name, new URL(`/spots/${edited.slug}`, origin).href) : 'none';
  // Thank-yous queued while mail was not set up go out now, after this answer.
  setImmediate(() => void sendQueuedThanks(origin).catch((error: Error) => console.error(`Queued thank-yous were not sent: ${error.message}`)));
  return { id, state: 'accepted' as const, thanks, spot: { id: spot.id, slug: edited.slug, version: edited.version } };
}

/** Rejects a correction: it stays, with its state, who decided and when. */
export async function rejectCorrection(actor: Actor, id: number, now = new Date()) {
  const { correction, spot } = await openCorrection(id);
  const db = await database();
  const [decided] = await writeAtomically(() =>
    db.batch([decide(db, correction, 'rejected', actor, now), decisionEntry(db, actor, correction, spot.name, 'rejected', now)]),
  );
  if (decided.rowsAffected === 0) throw new HttpError(409, 'This correction was already decided.');
  return { id, state: 'rejected' as const };
}

/** Spots readers have told us about (an open correction or closed report): a reason to check them again. */
export async function reportedSpotIds(): Promise<Set<number>> {
  const db = await database();
  const rows = await db.selectDistinct({ spotId: readerCorrections.spotId }).from(readerCorrections).where(eq(readerCorrections.state, 'open'));
  return new Set(rows.map((row) => row.spotId));
}
