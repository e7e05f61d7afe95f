import { apiRequest, apiSend } from '../../../lib/api-client';
import type { StaffRole } from '../../../lib/staff-roles';

/** POST /api/admin/auth with an email: a staff account's own sign-in (401 wrong, 403 disabled, 429 paused). */
export async function signInStaff(email: string, password: string): Promise<void> {
  await apiRequest('POST', '/api/admin/auth', { email, password });
}

/** POST /api/admin/auth/clerk: a staff session for the Clerk account an invite bound. */
export async function signInStaffWithClerk(): Promise<void> {
  await apiRequest('POST', '/api/admin/auth/clerk');
}

/** POST /api/admin/invites/accept (201): the new account, signed in. 410 for a used, expired or withdrawn link. */
export interface AcceptedInvite {
  account: { id: number; name: string; email: string | null; role: StaffRole; clerk: boolean };
}

export function acceptInvite(token: string, name: string, password: string): Promise<AcceptedInvite> {
  return apiSend<AcceptedInvite>('POST', '/api/admin/invites/accept', { token, name, password });
}
