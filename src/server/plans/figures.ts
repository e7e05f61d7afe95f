import { sql } from 'drizzle-orm';
import { subscribers } from '../../../db/schema';
import { database } from '../db/database';
import { giftFigures, type GiftFigures } from './gifts';
import { offersWithFigures, type OfferFigures } from './offers';

export interface PlanFacts {
  /** Paying members now (active Stripe subscriptions) on each plan. */
  plans: { monthly: number; yearly: number };
  offers: OfferFigures[];
  gifts: GiftFigures;
}

/** Plans, offers and gifts for the revenue page and the Dashboard, from our own tables. */
export async function planFacts(now = new Date()): Promise<PlanFacts> {
  const db = await database();
  const [row] = await db
    .select({
      monthly: sql<number>`count(*) FILTER (WHERE ${subscribers.interval} = 'month')`,
      yearly: sql<number>`count(*) FILTER (WHERE ${subscribers.interval} = 'year')`,
    })
    .from(subscribers)
    .where(sql`${subscribers.stripeSubscriptionId} IS NOT NULL AND ${subscribers.subscriptionStatus} = 'active'`);
  const [offers, gifts] = await Promise.all([offersWithFigures(now), giftFigures(now)]);
  return { plans: { monthly: Number(row?.monthly ?? 0), yearly: Number(row?.yearly ?? 0) }, offers, gifts };
}
