import { asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { places, spots } from '../../../db/schema';
import { CsvError, asSpreadsheetText, fromSpreadsheetText, parseCsv, toCsv } from '../../lib/csv';
import { PlaceFields, normalisedName, sameSpot } from '../../lib/place-input';
import { fieldErrors } from '../../lib/validation';
import { changedFields, historyEntry, historyEntryIfChanged, type Actor } from '../admin/history';
import { database, writeAtomically } from '../db/database';
import { HttpError } from '../http/responses';
import { deskColumns, spotsToMatch } from './places-desk';

/** The columns of a Places CSV, in order; an import needs every one of them but `id`, `spot` and `archived`. */
export const PLACE_CSV_COLUMNS = [
  'id',
  'kind',
  'name',
  'rating',
  'location',
  'tags',
  'link',
  'image',
  'price_range',
  'opening_status',
  'review_count',
  'highlight',
  'reservation_url',
  'latitude',
  'longitude',
  'spot',
  'archived',
] as const;
type Column = (typeof PLACE_CSV_COLUMNS)[number];
const OPTIONAL_COLUMNS: readonly Column[] = ['id', 'spot', 'archived'];
export const MAX_CSV_PLACES = 5000;
const TAG_SEPARATOR = '; ';

/** The field of the place a column is, for naming errors the way the columns are named. */
const FIELD_COLUMN: Record<string, Column> = {
  priceRange: 'price_range',
  openingStatus: 'opening_status',
  reviewCount: 'review_count',
  reservationUrl: 'reservation_url',
  spotSlug: 'spot',
};

/** Every place, archived ones too, as CSV: what an import of the same file changes nothing with. */
export async function exportPlacesCsv(): Promise<string> {
  const db = await database();
  const rows = await db.select(deskColumns).from(places).leftJoin(spots, eq(spots.id, places.spotId)).orderBy(asc(places.id));
  const text = (value: string) => asSpreadsheetText(value);
  return toCsv([
    [...PLACE_CSV_COLUMNS],
    ...rows.map((p) => [
      String(p.id),
      p.kind,
      text(p.name),
      String(p.rating),
      text(p.location),
      text(p.tags.join(TAG_SEPARATOR)),
      p.link,
      p.image,
      p.priceRange,
      text(p.openingStatus),
      text(p.reviewCount),
      text(p.highlight),
      p.reservationUrl ?? '',
      p.latitude === null ? '' : String(p.latitude),
      p.longitude === null ? '' : String(p.longitude),
      p.spotSlug ?? '',
      p.archivedAt ? 'yes' : '',
    ]),
  ]);
}

export interface CsvRowReport {
  /** The line of the file (the header is line 1). */
  row: number;
  name: string;
  action: 'add' | 'update' | 'unchanged' | 'error';
  /** Column → what to fix, for a row that cannot be imported. */
  errors?: Record<string, string>;
}

export interface CsvReport {
  rows: CsvRowReport[];
  added: number;
  updated: number;
  unchanged: number;
  errors: number;
}

type Plan = {
  report: CsvRowReport;
  insert?: Record<string, unknown>;
  update?: { id: number; set: Record<string, unknown>; before: Record<string, unknown>; after: Record<string, unknown> };
};

function readTable(text: string): { header: Column[]; records: string[][] } {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new HttpError(400, `The file is not valid CSV. ${error.message}`);
    throw error;
  }
  const [head, ...rest] = records;
  if (!head) throw new HttpError(400, 'The file is empty. Export the places to get a file with the right columns.');
  const header = head.map((name) => name.trim().toLowerCase());
  const unknown = header.filter((name) => !(PLACE_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) throw new HttpError(400, `Unknown column "${unknown[0]}". The columns are: ${PLACE_CSV_COLUMNS.join(', ')}.`);
  const missing = PLACE_CSV_COLUMNS.filter((c) => !OPTIONAL_COLUMNS.includes(c) && !header.includes(c));
  if (missing.length) throw new HttpError(400, `The file has no "${missing[0]}" column. The columns are: ${PLACE_CSV_COLUMNS.join(', ')}.`);
  if (rest.length > MAX_CSV_PLACES) throw new HttpError(400, `The file has ${rest.length} places; import at most ${MAX_CSV_PLACES} at a time.`);
  return { header: header as Column[], records: rest };
}

/** What importing the file would do, row by row; nothing is written. */
async function planImport(text: string): Promise<Plan[]> {
  const { header, records } = readTable(text);
  const db = await database();
  const [existing, spotList] = await Promise.all([db.select(deskColumns).from(places).leftJoin(spots, eq(spots.id, places.spotId)), spotsToMatch()]);
  const byId = new Map(existing.map((p) => [p.id, p]));
  const byName = new Map(existing.map((p) => [`${p.kind}:${normalisedName(p.name)}`, p]));
  const bySlug = new Map(spotList.map((s) => [s.slug, s]));
  const seen = new Map<string, number>();
  return records.map((record, index) => {
    const line = index + 2;
    const cell = (column: Column) => {
      const at = header.indexOf(column);
      return at === -1 ? '' : fromSpreadsheetText((record[at] ?? '').trim());
    };
    const errors: Record<string, string> = {};
    if (record.length !== header.length) errors.row = `This row has ${record.length} fields; the header has ${header.length}.`;
    const parsed = PlaceFields.safeParse({
      kind: cell('kind'),
      name: cell('name'),
      rating: cell('rating'),
      location: cell('location'),
      tags: cell('tags')
        .split(';')
        .map((t) => t.trim())
        .filter(Boolean),
      link: cell('link'),
      image: cell('image'),
      priceRange: cell('price_range'),
      openingStatus: cell('opening_status'),
      reviewCount: cell('review_count'),
      highlight: cell('highlight'),
      reservationUrl: cell('reservation_url'),
      latitude: cell('latitude'),
      longitude: cell('longitude'),
      spotSlug: cell('spot'),
    });
    if (!parsed.success) for (const [field, message] of Object.entries(fieldErrors(parsed.error))) errors[FIELD_COLUMN[field] ?? field] ??= message;
    const idText = cell('id');
    const id = idText === '' ? null : /^\d{1,12}$/.test(idText) ? Number(idText) : NaN;
    if (Number.isNaN(id)) errors.id = 'id must be a whole number, or empty for a new place';
    else if (id !== null && !byId.has(id)) errors.id = `No place has id ${id}; leave id empty to add it`;
    const archivedText = cell('archived').toLowerCase();
    if (!['', 'yes', 'no'].includes(archivedText)) errors.archived = 'archived is yes, no or empty';
    const name = cell('name');
    if (!parsed.success || Object.keys(errors).length) return { report: { row: line, name, action: 'error', errors } };
    const { spotSlug, ...fields } = parsed.data;
    const spot = spotSlug ? bySlug.get(spotSlug) : undefined;
    if (spotSlug && !spot) return { report: { row: line, name, action: 'error', errors: { spot: `No spot has the address /spots/${spotSlug}` } } };
    const key = `${fields.kind}:${normalisedName(fields.name)}`;
    const current = id !== null ? byId.get(id) : byName.get(key);
    const identity = current ? `id:${current.id}` : key;
    const repeated = seen.get(identity);
    if (repeated) return { report: { row: line, name, action: 'error', errors: { row: `The same place as row ${repeated}; keep one of them` } } };
    seen.set(identity, line);
    const archivedAt = archivedText === 'yes' ? (current?.archivedAt ?? new Date()) : null;
    if (!current) {
      const spotId = spot?.id ?? sameSpot(fields, spotList)?.id ?? null;
      return { report: { row: line, name, action: 'add' }, insert: { ...fields, spotId, archivedAt, reservationAvailable: fields.reservationUrl !== null } };
    }
    const wanted = { ...fields, spotId: spot?.id ?? null, archivedAt };
    const diff = changedFields(current as Record<string, unknown>, wanted);
    if (!diff) return { report: { row: line, name, action: 'unchanged' } };
    return {
      report: { row: line, name, action: 'update' },
      update: { id: current.id, set: { ...wanted, reservationAvailable: fields.reservationUrl !== null }, before: diff.before, after: diff.after },
    };
  });
}

function summary(plans: Plan[]): CsvReport {
  const rows = plans.map((p) => p.report);
  const count = (action: CsvRowReport['action']) => rows.filter((r) => r.action === action).length;
  return { rows, added: count('add'), updated: count('update'), unchanged: count('unchanged'), errors: count('error') };
}

/** The preview: what each row would do, and each bad row's errors; nothing is written. */
export async function previewPlacesCsv(text: string): Promise<CsvReport> {
  return summary(await planImport(text));
}

/**
 * Imports the rows that are right (the others are reported, not written): every addition and
 * change with its History entry, all in one batch, so an import is written whole or not at all.
 */
export async function importPlacesCsv(actor: Actor, text: string, now = new Date()): Promise<CsvReport> {
  const plans = await planImport(text);
  const db = await database();
  const writes = plans.flatMap((plan): BatchItem<'sqlite'>[] => {
    if (plan.insert) {
      const values = { ...plan.insert, createdAt: now, updatedAt: now } as typeof places.$inferInsert;
      return [
        db.insert(places).values(values),
        historyEntryIfChanged(db, actor, { kind: 'place', subjectId: sql`last_insert_rowid()`, subjectLabel: values.name, event: 'added', after: plan.insert }, now),
      ];
    }
    if (plan.update) {
      const { id, set, before, after } = plan.update;
      return [
        db
          .update(places)
          .set({ ...set, updatedAt: now })
          .where(eq(places.id, id)),
        historyEntry(db, actor, { kind: 'place', subjectId: id, subjectLabel: String(set.name), event: 'edited', before, after: { ...after } }, now),
      ];
    }
    return [];
  });
  if (writes.length) await writeAtomically(() => db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]));
  return summary(plans);
}
