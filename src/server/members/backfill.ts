import { and, asc, gt, isNotNull, isNull } from 'drizzle-orm';
import { subscribers } from '../../../db/schema';
import { requireStripe } from '../adapters/stripe';
import { database } from '../db/database';
import { updateSubscriptionStatus } from '../subscriptions/subscriptions';

/**
 * Once, for subscriptions recorded before the money was: reads each from Stripe and saves its
 * price, amount, interval, discount and dates. Rows that already have a price are left alone, so
 * running it again asks Stripe about nothing already filled.
 */
export async function backfillSubscriptions(log: (line: string) => void = () => undefined): Promise<{ filled: number; failed: number }> {
  const db = await database();
  const stripe = requireStripe();
  let filled = 0;
  let failed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: subscribers.id, subscription: subscribers.stripeSubscriptionId })
      .from(subscribers)
      .where(and(isNotNull(subscribers.stripeSubscriptionId), isNull(subscribers.priceId), gt(subscribers.id, after)))
      .orderBy(asc(subscribers.id))
      .limit(100);
    if (!rows.length) break;
    for (const row of rows) {
      after = row.id;
      try {
        await updateSubscriptionStatus(await stripe.subscriptions.retrieve(row.subscription!));
        filled++;
      } catch (error) {
        failed++;
        log(`${row.subscription}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { filled, failed };
}
