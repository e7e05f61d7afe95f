import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { passkeysOf } from '../../../server/admin/passkeys';

/** GET /api/admin/passkeys: the signed-in member of staff's passkeys, oldest first. */
export type Passkey = Wire<Awaited<ReturnType<typeof passkeysOf>>>[number];
export interface PasskeyList {
  passkeys: Passkey[];
}

export function getPasskeys(): Promise<PasskeyList> {
  return apiGet<PasskeyList>('/api/admin/passkeys');
}
