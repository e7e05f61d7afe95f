import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CORRECTION_KINDS, CORRECTION_STATES, THANKS_STATES } from '../../src/lib/correction';
import { createdAt } from './columns';
import { staff } from './editorial';
import { spots } from './spots';

/**
 * What readers tell us about a spot from its page: a suggested edit of one field, or a report that
 * it has closed. Never deleted: a decided correction keeps its state, who decided and when.
 */
export const readerCorrections = sqliteTable(
  'reader_corrections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => spots.id),
    kind: text('kind', { enum: CORRECTION_KINDS }).notNull(),
    /** The field a suggested edit changes (one of CORRECTABLE_FIELDS); null for a closed report. */
    field: text('field'),
    /** The reader's new value, as typed. */
    proposed: text('proposed'),
    note: text('note'),
    /** Where to thank the reader once the correction is accepted; optional. */
    email: text('email'),
    state: text('state', { enum: CORRECTION_STATES }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The thank-you email: none (no address), queued (accepted, not sent yet), sent or failed. */
    thanks: text('thanks', { enum: THANKS_STATES }).notNull().default('none'),
    createdAt: createdAt(),
  },
  (t) => [index('reader_corrections_state_idx').on(t.state, t.createdAt), index('reader_corrections_spot_idx').on(t.spotId, t.state)],
);
export type ReaderCorrection = typeof readerCorrections.$inferSelect;
