import { ApiError } from '../../../lib/api-client';

/**
 * What to tell a person whose passkey step did not work. The browser's own refusals come as
 * WebAuthnError/DOMException names; the server's as an ApiError with its `{ message }`.
 */
export function passkeyProblem(failure: unknown, action: 'add' | 'sign-in'): string {
  if (failure instanceof ApiError) return failure.serverMessage ?? 'Something went wrong. Please try again.';
  const name = failure instanceof Error ? failure.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey prompt was closed or timed out. Please try again.';
  if (name === 'InvalidStateError' && action === 'add') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return action === 'add' ? 'This browser cannot make a passkey for this site.' : 'This browser cannot use a passkey here. Sign in with your password.';
  return 'Something went wrong. Please try again.';
}
