import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { subscribers } from '../../../db/schema';
import { database } from '../db/database';
import type { CurrentSubscriber } from '../subscriptions/subscriber';

export interface MyPlan {
  plan: 'monthly' | 'yearly' | 'gift' | 'complimentary' | null;
  /** When gift or complimentary access ends (ISO 8601), else null. */
  until: string | null;
}

/** The plan of the newest running membership the visitor has proved; a typed email has none. */
export async function planFor(subscriber: CurrentSubscriber | null, now = new Date()): Promise<MyPlan> {
  if (!subscriber?.verified) return { plan: null, until: null };
  const byCustomer = subscriber.customer ? eq(subscribers.stripeCustomerId, subscriber.customer) : undefined;
  const byEmail = subscriber.emailProven ? eq(subscribers.email, subscriber.email) : undefined;
  const covered = byCustomer && byEmail ? or(byCustomer, byEmail) : (byCustomer ?? byEmail);
  if (!covered) return { plan: null, until: null };
  const db = await database();
  const [row] = await db
    .select({ interval: subscribers.interval, stripeStatus: subscribers.stripeStatus, compUntil: subscribers.compUntil })
    .from(subscribers)
    .where(and(covered, eq(subscribers.subscriptionStatus, 'active'), or(isNull(subscribers.compUntil), gt(subscribers.compUntil, now))))
    .orderBy(sql`${subscribers.stripeSubscriptionId} IS NULL`, desc(subscribers.id))
    .limit(1);
  if (!row) return { plan: null, until: null };
  if (row.stripeStatus === 'gift' || row.stripeStatus === 'complimentary') {
    return { plan: row.stripeStatus, until: row.compUntil?.toISOString() ?? null };
  }
  return { plan: row.interval === 'year' ? 'yearly' : 'monthly', until: null };
}
