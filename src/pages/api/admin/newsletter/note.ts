import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readFormBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { issueNote, NoteBody, saveIssueNote } from '../../../../server/newsletter/issue-note';

/** GET: this week's editor's note and its version. */
export const GET: APIRoute = ({ locals }) =>
  handle(async () => {
    requireStaff(locals, 'newsletter:read');
    return json({ note: await issueNote() });
  });

/** PUT { note, version }: saves this week's note against the version the editor saw (409 when someone saved in between). */
export const PUT: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'newsletter:send');
    const body = await readFormBody(request, NoteBody);
    return json({ note: await saveIssueNote(staff, body) });
  });

export const ALL = methodNotAllowed(['GET', 'PUT']);
