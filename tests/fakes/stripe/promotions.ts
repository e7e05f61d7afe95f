/**
 * Coupons, promotion codes and the discounts they make, as Stripe shapes them at the endive API
 * version: a promotion code names its coupon under `promotion: { type: 'coupon', coupon }` (clover+),
 * a subscription lists discount ids in `discounts` (basil+) and a discount names its coupon under
 * `source: { type: 'coupon', coupon }`.
 */
import { newId, randomToken, type Metadata } from './objects';
import { invalidParam, invalidRequest, parameterMissing, resourceMissing } from './errors';
import { str, type FormObject } from './form';

export interface Coupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: null;
  customer_account: null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  promotion: { type: 'coupon'; coupon: string };
  restrictions: { first_time_transaction: boolean; minimum_amount: null; minimum_amount_currency: null };
  times_redeemed: number;
}

export interface Discount {
  id: string;
  object: 'discount';
  checkout_session: string | null;
  customer: string;
  customer_account: null;
  end: number | null;
  invoice: null;
  invoice_item: null;
  promotion_code: string | null;
  source: { type: 'coupon'; coupon: Coupon };
  start: number;
  subscription: string | null;
  subscription_item: null;
}

function positiveInt(params: FormObject, key: string): number | undefined {
  const raw = str(params, key);
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw invalidParam(key, `Invalid positive integer`, 'parameter_invalid_integer');
  return Number(raw);
}

/** `POST /v1/coupons`: Stripe's own checks on percent/amount, currency and duration. */
export function makeCoupon(params: FormObject, now: number, metadata: Metadata): Coupon {
  const percentRaw = str(params, 'percent_off');
  const percent = percentRaw === undefined || percentRaw === '' ? undefined : Number(percentRaw);
  const amount = positiveInt(params, 'amount_off');
  if (percent === undefined && amount === undefined) throw invalidRequest('Must provide one of `percent_off` or `amount_off`.', 'percent_off');
  if (percent !== undefined && amount !== undefined) throw invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', 'amount_off');
  if (percent !== undefined && !(percent > 0 && percent <= 100)) throw invalidParam('percent_off', 'Percent off must be between 0 and 100.');
  const currency = str(params, 'currency') || null;
  if (amount !== undefined && !currency) throw invalidRequest('You must pass currency when passing amount_off.', 'currency');
  const duration = str(params, 'duration') ?? 'once';
  if (!['once', 'repeating', 'forever'].includes(duration)) throw invalidParam('duration', 'Invalid duration: must be one of forever, once, or repeating');
  const months = positiveInt(params, 'duration_in_months');
  if (duration === 'repeating' && months === undefined) throw parameterMissing('duration_in_months');
  if (duration !== 'repeating' && months !== undefined) throw invalidRequest('duration_in_months can only be set when duration is repeating.', 'duration_in_months');
  return {
    id: str(params, 'id') || randomToken(8),
    object: 'coupon',
    amount_off: amount ?? null,
    created: now,
    currency: currency?.toLowerCase() ?? null,
    duration: duration as Coupon['duration'],
    duration_in_months: months ?? null,
    livemode: false,
    max_redemptions: positiveInt(params, 'max_redemptions') ?? null,
    metadata,
    name: str(params, 'name') || null,
    percent_off: percent ?? null,
    redeem_by: positiveInt(params, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
  };
}

/** `POST /v1/promotion_codes` with `promotion[type]=coupon&promotion[coupon]=…`. */
export function makePromotionCode(params: FormObject, coupons: Map<string, Coupon>, taken: (code: string) => boolean, now: number, metadata: Metadata): PromotionCode {
  const promotion = params.promotion;
  if (promotion === undefined) throw parameterMissing('promotion');
  if (typeof promotion !== 'object' || Array.isArray(promotion)) throw invalidParam('promotion', 'Invalid hash', 'parameter_invalid_hash');
  if (str(promotion, 'type') !== 'coupon') throw invalidParam('promotion[type]', 'Invalid promotion[type]: must be coupon');
  const couponId = str(promotion, 'coupon');
  if (!couponId) throw parameterMissing('promotion[coupon]');
  if (!coupons.has(couponId)) throw resourceMissing('coupon', couponId, 'promotion[coupon]', 400);
  const code = str(params, 'code') || randomToken(8).toUpperCase();
  if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code)) throw invalidParam('code', 'Promotion codes may only contain letters, digits, dashes and underscores.');
  // Codes are unique among active promotion codes, compared without case.
  if (taken(code)) throw invalidRequest('An active promotion code with `code` already exists.', 'code', 'resource_already_exists');
  return {
    id: newId('promo_'),
    object: 'promotion_code',
    active: str(params, 'active') !== 'false',
    code,
    created: now,
    customer: null,
    customer_account: null,
    expires_at: positiveInt(params, 'expires_at') ?? null,
    livemode: false,
    max_redemptions: positiveInt(params, 'max_redemptions') ?? null,
    metadata,
    promotion: { type: 'coupon', coupon: couponId },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
}

/** Why a promotion code cannot be redeemed now, in Stripe's words, or null when it can. */
export function unusable(promo: PromotionCode, coupon: Coupon, now: number): string | null {
  if (!promo.active) return 'This promotion code is not active.';
  if (promo.expires_at !== null && promo.expires_at <= now) return 'This promotion code has expired.';
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) return 'This promotion code has been redeemed the maximum number of times.';
  if (!coupon.valid || (coupon.redeem_by !== null && coupon.redeem_by <= now)) return 'This coupon is no longer valid.';
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return 'This coupon has been redeemed the maximum number of times.';
  return null;
}

/** What a coupon takes off one amount (Stripe rounds to the nearest minor unit). */
export function discountOn(amount: number, coupon: Coupon): number {
  if (coupon.percent_off !== null) return Math.min(amount, Math.round((amount * coupon.percent_off) / 100));
  return Math.min(amount, coupon.amount_off ?? 0);
}

/** Whether a discount still applies to an invoice for the period starting at `at`. */
export function discountApplies(discount: Discount, at: number): boolean {
  if (discount.source.coupon.duration === 'forever') return true;
  return discount.end !== null && at < discount.end;
}
