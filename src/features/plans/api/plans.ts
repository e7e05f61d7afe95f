import { apiGet, apiSend } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { planFor } from '../../../server/plans/my-plan';

/** GET /api/account/plan: the plan of the visitor's proven membership (monthly, yearly, gift…), or null. */
export type MyPlan = Wire<Awaited<ReturnType<typeof planFor>>>;

export function getMyPlan(): Promise<MyPlan> {
  return apiGet<MyPlan>('/api/account/plan');
}

/** POST /api/create-subscription with an offer's code: checkout with the offer applied. */
export function claimOffer(email: string, offer: string): Promise<{ url: string }> {
  return apiSend<{ url: string }>('POST', '/api/create-subscription', { email, offer });
}

/** POST /api/gifts: a one-time checkout for a gift membership. */
export function buyGift(input: { months: 1 | 3 | 12; recipientEmail: string; buyerEmail: string }): Promise<{ url: string }> {
  return apiSend<{ url: string }>('POST', '/api/gifts', input);
}

/** POST /api/gifts/redeem: redeems a gift once; unlocks this browser (or moves a paying member's next charge back). */
export interface GiftRedeemed {
  email: string;
  until: string;
  extended: boolean;
}
export function redeemGift(token: string): Promise<GiftRedeemed> {
  return apiSend<GiftRedeemed>('POST', '/api/gifts/redeem', { token });
}

/** POST /api/admin/offers: creates an offer. */
export interface NewOffer {
  code: string;
  name: string;
  kind: 'percent' | 'amount' | 'trial';
  percentOff?: number;
  amountOff?: number;
  duration?: 'once' | 'repeating' | 'forever';
  durationMonths?: number;
  trialDays?: number;
  startsOn: string;
  endsOn: string;
  maxRedemptions?: number;
}
export function createOffer(offer: NewOffer): Promise<{ code: string; name: string }> {
  return apiSend<{ code: string; name: string }>('POST', '/api/admin/offers', offer);
}

/** PATCH /api/admin/offers/{code}: ends an offer now, or moves its end date and cap (null lifts it). */
export type OfferChange = { endNow: true } | { endsOn?: string; maxRedemptions?: number | null };
export function changeOffer(code: string, change: OfferChange): Promise<{ code: string; endsAt: string; maxRedemptions: number | null }> {
  return apiSend('PATCH', `/api/admin/offers/${encodeURIComponent(code)}`, change);
}
