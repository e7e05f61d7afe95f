import { apiSend } from '../../../lib/api-client';
import type { NewPlace, PlaceChange } from '../../../lib/place-input';
import type { Wire } from '../../../lib/wire';
import type { placeForDesk } from '../../../server/spots/places-desk';
import type { previewPlacesCsv } from '../../../server/spots/places-csv';

/** One place as the desk edits it (POST /api/admin/places, PATCH /api/admin/places/{id}). */
export type DeskPlace = Wire<Awaited<ReturnType<typeof placeForDesk>>>;
/** What a CSV import would do (or did), row by row. */
export type PlacesCsvReport = Wire<Awaited<ReturnType<typeof previewPlacesCsv>>> & { imported: boolean };

/** The form's values as the server takes them (the server checks everything again). */
export type PlaceBody = { [K in keyof NewPlace]?: unknown };

export function addPlace(body: PlaceBody): Promise<{ place: DeskPlace }> {
  return apiSend('POST', '/api/admin/places', body);
}

export function editPlace(id: number, body: PlaceBody | PlaceChange): Promise<{ place: DeskPlace }> {
  return apiSend('PATCH', `/api/admin/places/${id}`, body);
}

export function setPlaceArchived(id: number, archive: boolean): Promise<{ place: DeskPlace }> {
  return apiSend('POST', `/api/admin/places/${id}/${archive ? 'archive' : 'restore'}`, {});
}

/** Without `confirm`, a preview: nothing is written. */
export function importPlacesCsv(csv: string, confirm: boolean): Promise<PlacesCsvReport> {
  return apiSend('POST', '/api/admin/places/import', { csv, confirm });
}
