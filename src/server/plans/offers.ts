import { and, count, eq, sql } from 'drizzle-orm';
import { offers, subscribers, subscriptionPayments } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { historyEntry, type Actor } from '../admin/history';
import { dealWords } from '../../lib/offer-words';
import type { OfferInput } from './offer-inputs';

export type OfferRow = typeof offers.$inferSelect;
/** `upcoming` before its start, `open`, `ended` after its end, `full` once its cap is reached. */
export type OfferState = 'upcoming' | 'open' | 'ended' | 'full';

export const OFFER_ENDED = 'This offer has ended.';
export const OFFER_NOT_STARTED = 'This offer has not started yet.';

export async function offerByCode(code: string): Promise<OfferRow | null> {
  const db = await database();
  const [row] = await db
    .select()
    .from(offers)
    .where(sql`lower(${offers.code}) = ${code.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** How many subscriptions the offer made. */
export async function redemptionsOf(code: string): Promise<number> {
  const db = await database();
  const [row] = await db.select({ n: count() }).from(subscribers).where(eq(subscribers.offerCode, code));
  return row?.n ?? 0;
}

export function offerState(offer: Pick<OfferRow, 'startsAt' | 'endsAt' | 'maxRedemptions'>, redemptions: number, now = new Date()): OfferState {
  if (now < offer.startsAt) return 'upcoming';
  if (now >= offer.endsAt) return 'ended';
  if (offer.maxRedemptions !== null && redemptions >= offer.maxRedemptions) return 'full';
  return 'open';
}

/** The offer a checkout may apply now, or the reason it may not (409). Unknown codes are a 404. */
export async function openOffer(code: string, now = new Date()): Promise<OfferRow> {
  const offer = await offerByCode(code);
  if (!offer) throw new HttpError(404, 'There is no such offer.');
  const state = offerState(offer, await redemptionsOf(offer.code), now);
  if (state === 'upcoming') throw new HttpError(409, OFFER_NOT_STARTED);
  if (state !== 'open') throw new HttpError(409, OFFER_ENDED);
  return offer;
}

/** The offer a promotion code belongs to (a code typed at checkout), for redemptions per offer. */
export async function offerCodeForPromotion(promotionCodeId: string | null): Promise<string | null> {
  if (!promotionCodeId) return null;
  const db = await database();
  const [row] = await db.select({ code: offers.code }).from(offers).where(eq(offers.stripePromotionCodeId, promotionCodeId)).limit(1);
  return row?.code ?? null;
}

/**
 * Creates an offer: for a discount, a Stripe coupon and a promotion code with the offer's code, cap
 * and end (so a code typed at checkout obeys the same limits); for a trial, nothing in Stripe (the
 * trial is asked for on each checkout). Then the row and its History entry in one batch.
 */
export async function createOffer(actor: NonNullable<Actor>, input: OfferInput, currency: string): Promise<OfferRow> {
  if (input.endsAt.getTime() <= Date.now()) throw new HttpError(400, 'The end date has passed. Choose a date from today on.');
  if (await offerByCode(input.code)) throw new HttpError(409, 'There is already an offer with this code. Choose another code.');
  let couponId: string | null = null;
  let promotionCodeId: string | null = null;
  if (input.kind !== 'trial') {
    const stripe = requireStripe();
    try {
      const coupon = await stripe.coupons.create({
        name: input.name.slice(0, 40),
        duration: input.duration,
        ...(input.duration === 'repeating' ? { duration_in_months: input.durationMonths! } : {}),
        ...(input.kind === 'percent' ? { percent_off: input.percentOff! } : { amount_off: input.amountOff!, currency }),
        metadata: { offer: input.code },
      });
      const promo = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: input.code,
        expires_at: Math.floor(input.endsAt.getTime() / 1000),
        ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
        metadata: { offer: input.code },
      });
      couponId = coupon.id;
      promotionCodeId = promo.id;
    } catch (error) {
      throw stripeFailure(error);
    }
  }
  const db = await database();
  const values = {
    code: input.code,
    name: input.name,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? input.percentOff! : null,
    amountOff: input.kind === 'amount' ? input.amountOff! : null,
    currency: input.kind === 'amount' ? currency : null,
    duration: input.kind === 'trial' ? null : (input.duration ?? null),
    durationMonths: input.kind !== 'trial' && input.duration === 'repeating' ? input.durationMonths! : null,
    trialDays: input.kind === 'trial' ? input.trialDays! : null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxRedemptions: input.maxRedemptions ?? null,
    stripeCouponId: couponId,
    stripePromotionCodeId: promotionCodeId,
    createdBy: actor.id,
  };
  const [row] = await db.batch([
    db.insert(offers).values(values).returning(),
    historyEntry(db, actor, {
      kind: 'offer',
      subjectId: input.code,
      subjectLabel: `${input.name} (${dealWords(values)})`,
      event: 'created',
      after: { ...values, startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
    }),
  ]);
  return row[0]!;
}

export interface OfferFigures extends OfferRow {
  state: OfferState;
  redemptions: number;
  /** Minor units paid by the offer's subscriptions, less refunds. */
  revenue: number;
}

/** Every offer with its redemptions and the money its subscriptions brought, newest first. */
export async function offersWithFigures(now = new Date()): Promise<OfferFigures[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(offers)
    .orderBy(sql`${offers.createdAt} desc`, sql`${offers.id} desc`);
  const redeemed = await db
    .select({ code: subscribers.offerCode, n: count() })
    .from(subscribers)
    .where(sql`${subscribers.offerCode} is not null`)
    .groupBy(subscribers.offerCode);
  const paid = await db
    .select({ code: subscribers.offerCode, total: sql<number>`coalesce(sum(${subscriptionPayments.amountPaid} - ${subscriptionPayments.amountRefunded}), 0)` })
    .from(subscriptionPayments)
    .innerJoin(subscribers, and(eq(subscribers.stripeSubscriptionId, subscriptionPayments.stripeSubscriptionId), sql`${subscribers.offerCode} is not null`))
    .groupBy(subscribers.offerCode);
  const n = new Map(redeemed.map((r) => [r.code, r.n]));
  const money = new Map(paid.map((r) => [r.code, Number(r.total)]));
  return rows.map((row) => {
    const redemptions = n.get(row.code) ?? 0;
    return { ...row, redemptions, revenue: money.get(row.code) ?? 0, state: offerState(row, redemptions, now) };
  });
}
