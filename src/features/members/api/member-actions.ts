import { apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { cancelAtPeriodEnd, giveComplimentary, refundSubscription, resendConfirmation } from '../../../server/members/actions';
import type { importNewsletterCsv } from '../../../server/members/csv';

export type RefundResult = Wire<Awaited<ReturnType<typeof refundSubscription>>>;
export type CancelResult = Wire<Awaited<ReturnType<typeof cancelAtPeriodEnd>>>;
export type CompResult = Wire<Awaited<ReturnType<typeof giveComplimentary>>>;
export type ResendResult = Wire<Awaited<ReturnType<typeof resendConfirmation>>>;
export type ImportResult = Wire<Awaited<ReturnType<typeof importNewsletterCsv>>>;

/** POST /api/admin/members/refund: the newest payment back (30-day guarantee); access ends. */
export const refundMember = (subscriptionId: string) => apiSend<RefundResult>('POST', '/api/admin/members/refund', { subscriptionId });
/** POST /api/admin/members/cancel: ends when the paid period does. */
export const cancelMember = (subscriptionId: string) => apiSend<CancelResult>('POST', '/api/admin/members/cancel', { subscriptionId });
/** POST /api/admin/members/comp: complimentary access until the end of `until` (YYYY-MM-DD). */
export const compMember = (email: string, until: string) => apiSend<CompResult>('POST', '/api/admin/members/comp', { email, until });
/** POST /api/admin/members/resend-confirmation */
export const resendMemberConfirmation = (email: string) => apiSend<ResendResult>('POST', '/api/admin/members/resend-confirmation', { email });
/** POST /api/admin/members/import: preview (commit false) or add a newsletter CSV. */
export const importNewsletter = (csv: string, commit: boolean) => apiSend<ImportResult>('POST', '/api/admin/members/import', { csv, commit });

/** POST /api/admin/members/refund-gift: a gift's payment back (30-day guarantee); its access ends. */
export const refundMemberGift = (giftId: number) => apiSend<{ refunded: number; currency: string; refund: string }>('POST', '/api/admin/members/refund-gift', { giftId });
