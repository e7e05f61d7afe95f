import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { IssueNote } from '../../../server/newsletter/issue-note';

export type NewsletterNote = Wire<IssueNote>;

/** PUT /api/admin/newsletter/note: this week's note against `version` (409 when someone saved in between). */
export function saveNewsletterNote(note: string, version: number): Promise<{ note: NewsletterNote }> {
  return apiSend('PUT', '/api/admin/newsletter/note', { note, version });
}

/** POST /api/admin/newsletter/test-send: this week's issue to my own address only. */
export function sendNewsletterTest(): Promise<{ to: string; subject: string }> {
  return apiSend('POST', '/api/admin/newsletter/test-send', {});
}

/** POST /api/admin/newsletter/send: Send now, for the week the page showed (202 once started). */
export function sendNewsletterNow(week: string): Promise<{ week: string; startedAt: string }> {
  return apiSend('POST', '/api/admin/newsletter/send', { week });
}
