import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/admin/auth: starts an admin session (429 with Retry-After while sign-in is paused,
 * 503 when admin access is not configured). The panel reads nothing from the answer, so this
 * contract has no response type.
 */
export async function signInAdmin(password: string): Promise<void> {
  await apiRequest('POST', '/api/admin/auth', { password });
}
