import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { addLabel, removeLabel } from '../../../server/members/labels';

export type LabelsResult = Wire<Awaited<ReturnType<typeof addLabel>>>;
export type UnlabelResult = Wire<Awaited<ReturnType<typeof removeLabel>>>;

/** POST /api/admin/members/labels/add: puts a label (lower-cased) on a member. */
export const addMemberLabel = (email: string, label: string) => apiSend<LabelsResult>('POST', '/api/admin/members/labels/add', { email, label });
/** POST /api/admin/members/labels/remove: takes a label off a member. */
export const removeMemberLabel = (email: string, label: string) => apiSend<UnlabelResult>('POST', '/api/admin/members/labels/remove', { email, label });
