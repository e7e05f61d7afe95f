import { apiGet, apiSend } from '../../../lib/api-client';
import type { StaffRole } from '../../../lib/staff-roles';
import type { Wire } from '../../../lib/wire';
import type { staffAccounts } from '../../../server/admin/staff-manage';
import type { createInvite, pendingInvites } from '../../../server/admin/staff-invites';
import type { LiveStaffSession } from '../../../server/admin/staff-sessions';

/** GET /api/admin/staff (staff:manage): every account. */
export type StaffAccount = Wire<Awaited<ReturnType<typeof staffAccounts>>[number]>;
/** GET /api/admin/invites (staff:manage): invites still waiting to be used. */
export type PendingInvite = Wire<Awaited<ReturnType<typeof pendingInvites>>[number]>;
/** POST /api/admin/invites (201): the link to copy, and whether it was emailed. */
export type NewInvite = Wire<Awaited<ReturnType<typeof createInvite>>>;
/** GET /api/admin/sessions and /api/admin/sessions/mine: live staff sessions; `current` is this browser's. */
export type StaffSessionRow = Wire<LiveStaffSession & { current: boolean }>;

export async function getStaffAccounts(): Promise<StaffAccount[]> {
  return (await apiGet<{ accounts: StaffAccount[] }>('/api/admin/staff')).accounts;
}

export async function getPendingInvites(): Promise<PendingInvite[]> {
  return (await apiGet<{ invites: PendingInvite[] }>('/api/admin/invites')).invites;
}

export async function inviteStaff(email: string, role: StaffRole): Promise<NewInvite> {
  return (await apiSend<{ invite: NewInvite }>('POST', '/api/admin/invites', { email, role })).invite;
}

export async function revokeInvite(id: string): Promise<void> {
  await apiSend('DELETE', `/api/admin/invites/${id}`);
}

/** PATCH /api/admin/staff/:id: a new role (409 for the built-in or the last Owner). */
export async function changeStaffRole(id: number, role: StaffRole): Promise<void> {
  await apiSend('PATCH', `/api/admin/staff/${id}`, { role });
}

/** PATCH /api/admin/staff/:id: disable (its sessions end at once) or enable an account. */
export async function setStaffDisabled(id: number, disabled: boolean): Promise<void> {
  await apiSend('PATCH', `/api/admin/staff/${id}`, { disabled });
}

/** POST /api/admin/staff/:id/ownership: that account becomes Owner; the giver an Editor unless built in. */
export async function transferOwnership(id: number): Promise<void> {
  await apiSend('POST', `/api/admin/staff/${id}/ownership`);
}

export async function getAllStaffSessions(): Promise<StaffSessionRow[]> {
  return (await apiGet<{ sessions: StaffSessionRow[] }>('/api/admin/sessions')).sessions;
}

export async function endStaffSession(id: string): Promise<void> {
  await apiSend('DELETE', `/api/admin/sessions/${id}`);
}

export async function getOwnSessions(): Promise<StaffSessionRow[]> {
  return (await apiGet<{ sessions: StaffSessionRow[] }>('/api/admin/sessions/mine')).sessions;
}

export async function endOwnSession(id: string): Promise<void> {
  await apiSend('DELETE', `/api/admin/sessions/mine/${id}`);
}
