import { apiSend } from '../../../lib/api-client';
import type { PasskeyList } from './get-passkeys';

/** DELETE /api/admin/passkeys/{id}: one of your own passkeys; answers the passkeys left. */
export function removePasskey(id: string): Promise<PasskeyList> {
  return apiSend<PasskeyList>('DELETE', `/api/admin/passkeys/${encodeURIComponent(id)}`);
}
