import { apiRequest } from '../../../lib/api-client';

/**
 * DELETE /api/admin/auth: ends this browser's admin session on the server (a copy of the cookie
 * is then worthless); `everywhere` ends every session of the same admin, on every device.
 */
export async function signOutAdmin(everywhere = false): Promise<void> {
  await apiRequest('DELETE', everywhere ? '/api/admin/auth?scope=all' : '/api/admin/auth');
}
