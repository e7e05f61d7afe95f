import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { eventForDesk } from '../../../server/content/events-desk';

/** One event as the desk edits it (POST /api/admin/events, PATCH /api/admin/events/{id}). */
export type DeskEvent = Wire<Awaited<ReturnType<typeof eventForDesk>>>;

/** The form's values as the server takes them (the server checks everything again). */
export type EventBody = Record<string, string | null>;

export function addEvent(body: EventBody): Promise<{ event: DeskEvent }> {
  return apiSend('POST', '/api/admin/events', body);
}

export function editEvent(id: number, body: EventBody): Promise<{ event: DeskEvent }> {
  return apiSend('PATCH', `/api/admin/events/${id}`, body);
}

export function setEventHidden(id: number, hide: boolean): Promise<{ event: DeskEvent }> {
  return apiSend('POST', `/api/admin/events/${id}/${hide ? 'hide' : 'show'}`, {});
}
