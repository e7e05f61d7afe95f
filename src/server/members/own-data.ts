import { and, eq, sql } from 'drizzle-orm';
import {
  authSessions,
  funnelEvents,
  memberLabels,
  newsletterSubscribers,
  savedSpots,
  spots,
  subscribers,
  subscriptionPayments,
  userEngagements,
  users,
} from '../../../db/schema';
import { database } from '../db/database';
import { forgetUser, type SessionUser } from '../visitors/identity';

/**
 * Data that may be tied to a person by email only when the email is proven (Clerk verified it): a
 * demo sign-in's typed email proves nothing, so it never opens someone else's subscriptions.
 */
const provenEmail = (user: SessionUser) => (user.verified && user.email ? user.email.trim().toLowerCase() : null);

/** Download my data: everything the guide keeps about this signed-in person, as JSON. */
export async function myData(user: SessionUser) {
  const db = await database();
  const email = provenEmail(user);
  const [[account], saved, engagement, subscriptions, newsletter] = await Promise.all([
    db.select().from(users).where(eq(users.id, user.id)),
    db
      .select({ spot: spots.slug, name: spots.name, savedAt: savedSpots.createdAt })
      .from(savedSpots)
      .innerJoin(spots, eq(spots.id, savedSpots.spotId))
      .where(eq(savedSpots.userId, user.id)),
    db
      .select({ spot: spots.slug, kind: userEngagements.engagementType, at: userEngagements.createdAt })
      .from(userEngagements)
      .innerJoin(spots, eq(spots.id, userEngagements.spotId))
      .where(eq(userEngagements.userId, user.id)),
    email
      ? db
          .select()
          .from(subscribers)
          .where(sql`lower(${subscribers.email}) = ${email}`)
      : [],
    email
      ? db
          .select()
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
      : [],
  ]);
  const subscriptionIds = subscriptions.map((row) => row.stripeSubscriptionId).filter((id): id is string => Boolean(id));
  const payments = subscriptionIds.length
    ? await db
        .select()
        .from(subscriptionPayments)
        .where(
          sql`${subscriptionPayments.stripeSubscriptionId} IN (${sql.join(
            subscriptionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  return {
    exportedAt: new Date().toISOString(),
    account: account ? { provider: account.provider, email: account.email, name: account.name, createdAt: account.createdAt } : null,
    savedSpots: saved,
    engagement,
    subscriptions: subscriptions.map((row) => ({
      status: row.stripeStatus ?? row.subscriptionStatus,
      amount: row.amount,
      currency: row.currency,
      interval: row.interval,
      startedAt: row.startedAt,
      cancelAt: row.cancelAt,
      endedAt: row.endedAt,
      complimentaryUntil: row.compUntil,
      foundingMember: row.isFoundingMember,
    })),
    payments: payments.map((row) => ({ paidAt: row.paidAt, amount: row.amountPaid, refunded: row.amountRefunded, currency: row.currency })),
    newsletter: newsletter[0] ? { email: newsletter[0].email, confirmed: newsletter[0].isActive, confirmedAt: newsletter[0].confirmedAt } : null,
  };
}

/**
 * Delete my account: loves, visits and views stay in the counts but no longer point at anyone
 * (user and visitor session cleared), saved lists and sign-in sessions go, the newsletter address
 * and the labels staff put on it go, and the account row goes. Subscription rows and the Stripe customer stay, because invoices
 * and refunds need them; a live subscription keeps running until cancelled in the billing portal.
 */
export async function deleteMyAccount(user: SessionUser): Promise<{ deleted: true }> {
  const db = await database();
  const email = provenEmail(user);
  await db.batch([
    db.update(userEngagements).set({ userId: null, sessionId: null }).where(eq(userEngagements.userId, user.id)),
    db.delete(savedSpots).where(eq(savedSpots.userId, user.id)),
    db.delete(authSessions).where(and(eq(authSessions.kind, 'user'), eq(authSessions.subject, String(user.id)))),
    ...(email
      ? [
          db.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email}`),
          db.delete(memberLabels).where(eq(memberLabels.email, email)),
          // The funnel keeps its counts; nothing in it names the person once the account is gone.
          db
            .update(funnelEvents)
            .set({ sessionId: null })
            .where(sql`${funnelEvents.stripeSubscriptionId} IN (SELECT stripe_subscription_id FROM subscribers WHERE lower(email) = ${email})`),
        ]
      : []),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  forgetUser(user.id);
  return { deleted: true };
}
