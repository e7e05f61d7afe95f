import type Stripe from 'stripe';
import { stripeId } from '../adapters/stripe';

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const INTERVALS = ['day', 'week', 'month', 'year'] as const;

/**
 * What a subscription costs and when it runs, read from Stripe's subscription object as a webhook
 * (or the backfill) delivers it: the first item's price, the discount's coupon, and the dates.
 */
export function moneyOf(subscription: Stripe.Subscription) {
  const price = subscription.items?.data?.[0]?.price;
  const quantity = subscription.items?.data?.[0]?.quantity ?? 1;
  const interval = price?.recurring?.interval;
  const discount = subscription.discounts?.find((entry): entry is Stripe.Discount => typeof entry === 'object' && entry !== null);
  const coupon = discount?.source?.coupon && typeof discount.source.coupon === 'object' ? discount.source.coupon : null;
  return {
    priceId: price?.id ?? null,
    amount: price?.unit_amount == null ? null : price.unit_amount * quantity,
    currency: price?.currency ?? subscription.currency ?? null,
    interval: INTERVALS.find((known) => known === interval) ?? null,
    intervalCount: price?.recurring?.interval_count ?? null,
    discountPercentOff: coupon?.percent_off ?? null,
    discountAmountOff: coupon?.amount_off ?? null,
    discountDuration: coupon?.duration ?? null,
    stripeStatus: subscription.status,
    stripeCustomerId: stripeId(subscription.customer),
    startedAt: fromUnix(subscription.start_date),
    cancelAt: fromUnix(subscription.cancel_at),
    canceledAt: fromUnix(subscription.canceled_at),
    endedAt: fromUnix(subscription.ended_at),
  };
}

/**
 * A price's recurring revenue in twelfths of a minor unit per month (yearly = amount, monthly = 12 ×
 * amount…): a whole number for every usual price, so sums of many are exact and round only once.
 */
export function monthlyTwelfths(amount: number | null, interval: string | null, intervalCount: number | null): number {
  if (!amount || !interval) return 0;
  const count = intervalCount || 1;
  const perYear = { day: 365, week: 52, month: 12, year: 1 }[interval] ?? 0;
  return (amount * perYear) / count;
}

/** Monthly recurring revenue of one price in minor units: yearly ÷ 12, weekly × 52 ÷ 12; discounts left out. */
export function monthlyAmount(amount: number | null, interval: string | null, intervalCount: number | null): number {
  return monthlyTwelfths(amount, interval, intervalCount) / 12;
}
