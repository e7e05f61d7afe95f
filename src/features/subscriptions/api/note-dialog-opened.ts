import { apiSend } from '../../../lib/api-client';

/** POST /api/funnel/dialog-opened: counts the subscribe dialog's opening in the paywall funnel. */
export function noteDialogOpened(): Promise<{ recorded: boolean }> {
  return apiSend<{ recorded: boolean }>('POST', '/api/funnel/dialog-opened');
}
