import { eq } from 'drizzle-orm';
import { offers } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { requireStripe, stripeFailure } from '../adapters/stripe';
import { historyEntry, type Actor } from '../admin/history';
import { dealWords } from '../../lib/offer-words';
import { offerByCode, redemptionsOf, type OfferRow } from './offers';
import type { OfferChange } from './offer-inputs';

/**
 * Ends an offer now, or moves its end date and cap. Stripe lets a promotion code be switched off but
 * never changes its expiry or cap, so a discount's code is deactivated and, unless the offer is over,
 * made again with the same code, the new end and what is left of the cap (the old code's redemptions
 * count against it). Stripe first: if it refuses, nothing here changes. Then the row and its History
 * entry in one batch.
 */
export async function changeOffer(actor: NonNullable<Actor>, code: string, change: OfferChange, now = new Date()): Promise<OfferRow> {
  const offer = await offerByCode(code);
  if (!offer) throw new HttpError(404, 'There is no such offer.');
  if (offer.endsAt <= now) throw new HttpError(409, 'This offer has already ended.');
  const redemptions = await redemptionsOf(offer.code);
  const endsAt = change.endNow ? now : (change.endsAt ?? offer.endsAt);
  const maxRedemptions = change.maxRedemptions === undefined ? offer.maxRedemptions : change.maxRedemptions;
  if (!change.endNow) {
    if (endsAt <= now) throw new HttpError(400, 'The end date has passed. Choose a date from today on, or end the offer now.');
    if (endsAt < offer.startsAt) throw new HttpError(400, 'The end date must be on or after the start date.');
    if (maxRedemptions !== null && maxRedemptions < redemptions) throw new HttpError(400, `The cap cannot be below the ${redemptions} redemptions made so far.`);
  }
  const promotionCodeId = await replacePromotionCode(offer, endsAt, maxRedemptions, redemptions, now);
  const before = { endsAt: offer.endsAt.toISOString(), maxRedemptions: offer.maxRedemptions };
  const after = { endsAt: endsAt.toISOString(), maxRedemptions };
  const db = await database();
  const [rows] = await db.batch([
    db.update(offers).set({ endsAt, maxRedemptions, stripePromotionCodeId: promotionCodeId }).where(eq(offers.id, offer.id)).returning(),
    historyEntry(db, actor, {
      kind: 'offer',
      subjectId: offer.code,
      subjectLabel: `${offer.name} (${dealWords(offer)})`,
      event: change.endNow ? 'ended' : 'edited',
      before,
      after,
    }),
  ]);
  return rows[0]!;
}

/** The promotion code the offer has after the change (a trial has none). */
async function replacePromotionCode(offer: OfferRow, endsAt: Date, cap: number | null, redemptions: number, now: Date): Promise<string | null> {
  if (!offer.stripePromotionCodeId || !offer.stripeCouponId) return offer.stripePromotionCodeId;
  const stripe = requireStripe();
  const left = cap === null ? null : cap - redemptions;
  try {
    await stripe.promotionCodes.update(offer.stripePromotionCodeId, { active: false });
    if (endsAt <= now || left === 0) return offer.stripePromotionCodeId;
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: offer.stripeCouponId },
      code: offer.code,
      expires_at: Math.floor(endsAt.getTime() / 1000),
      ...(left !== null ? { max_redemptions: left } : {}),
      metadata: { offer: offer.code },
    });
    return promo.id;
  } catch (error) {
    throw stripeFailure(error);
  }
}
