import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { deleteMyAccount } from '../../../server/members/own-data';

/** GET /api/account/data: the signed-in person's data as a JSON file (a plain link downloads it). */
export const MY_DATA_URL = '/api/account/data';

export type DeletedAccount = Wire<Awaited<ReturnType<typeof deleteMyAccount>>>;

/** POST /api/account/delete: deletes the signed-in account and signs this browser out. */
export function deleteAccount(): Promise<DeletedAccount> {
  return apiSend<DeletedAccount>('POST', '/api/account/delete', { confirm: true });
}
