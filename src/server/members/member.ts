import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { funnelEvents, gifts, newsletterSubscribers, subscribers, subscriptionPayments, userEngagements, users } from '../../../db/schema';
import { database } from '../db/database';

/** One person's page: their subscriptions, gifts (given or received), payments, funnel steps and engagement, by email. */
export async function memberByEmail(email: string) {
  const db = await database();
  const address = email.trim().toLowerCase();
  const [subscriptions, newsletter, people, giftRows] = await Promise.all([
    db
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = ${address}`)
      .orderBy(desc(subscribers.id)),
    db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${address}`)
      .limit(1),
    db
      .select({ id: users.id, provider: users.provider, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`),
    db
      .select()
      .from(gifts)
      .where(sql`${gifts.state} <> 'pending' AND (lower(${gifts.recipientEmail}) = ${address} OR lower(${gifts.buyerEmail}) = ${address})`)
      .orderBy(desc(gifts.id)),
  ]);
  if (!subscriptions.length && !newsletter.length && !people.length && !giftRows.length) return null;
  const subscriptionIds = subscriptions.map((row) => row.stripeSubscriptionId).filter((id): id is string => Boolean(id));
  const userIds = people.map((person) => person.id);
  const [payments, steps, engagement] = await Promise.all([
    subscriptionIds.length
      ? db.select().from(subscriptionPayments).where(inArray(subscriptionPayments.stripeSubscriptionId, subscriptionIds)).orderBy(desc(subscriptionPayments.paidAt))
      : [],
    funnelOf(subscriptionIds),
    userIds.length
      ? db
          .select({ kind: userEngagements.engagementType, n: sql<number>`count(*)` })
          .from(userEngagements)
          .where(and(inArray(userEngagements.userId, userIds), isNotNull(userEngagements.userId)))
          .groupBy(userEngagements.engagementType)
      : [],
  ]);
  return { email: address, subscriptions, gifts: giftRows, newsletter: newsletter[0] ?? null, people, payments, steps, engagement };
}

/** The funnel steps of the visitor sessions that bought these subscriptions, oldest first. */
async function funnelOf(subscriptionIds: string[]) {
  if (!subscriptionIds.length) return [];
  const db = await database();
  const sessions = await db
    .selectDistinct({ sessionId: funnelEvents.sessionId })
    .from(funnelEvents)
    .where(and(inArray(funnelEvents.stripeSubscriptionId, subscriptionIds), isNotNull(funnelEvents.sessionId)));
  const ids = sessions.map((row) => row.sessionId!);
  const bySubscription = eq(funnelEvents.stripeSubscriptionId, subscriptionIds[0]!);
  return db
    .select()
    .from(funnelEvents)
    .where(ids.length ? sql`${inArray(funnelEvents.sessionId, ids)} OR ${inArray(funnelEvents.stripeSubscriptionId, subscriptionIds)}` : bySubscription)
    .orderBy(funnelEvents.createdAt, funnelEvents.id)
    .limit(500);
}

export type MemberDetail = NonNullable<Awaited<ReturnType<typeof memberByEmail>>>;
