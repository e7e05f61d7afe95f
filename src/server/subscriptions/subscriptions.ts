import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscribers } from '../../../db/schema';
import { database } from '../db/database';
import { stripeId } from '../adapters/stripe';
import { isFoundingSubscription } from './pricing';

/** Subscription status (spec §3): active only when the user's subscription is active. */
export async function subscriptionStatus(email: string): Promise<{ isActive: boolean; isFoundingMember: boolean }> {
  const user = await userByEmail(email);
  const isActive = user?.subscriptionStatus === 'active';
  return { isActive, isFoundingMember: isActive && user.isFoundingMember };
}

export async function userByEmail(email: string) {
  const db = await database();
  const [user] = await db.select().from(subscribers).where(eq(subscribers.email, email)).limit(1);
  return user ?? null;
}

/** Our status for a Stripe subscription: 'active' unlocks; anything else does not. */
export function statusFromStripe(status: Stripe.Subscription.Status): string {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return status;
}

/**
 * Writes what Stripe says about one subscription onto the user with that email, creating the
 * user when needed. Re-applying the same subscription is harmless.
 */
export async function saveSubscription(email: string, subscription: Stripe.Subscription): Promise<{ isActive: boolean; isFoundingMember: boolean }> {
  const db = await database();
  const status = statusFromStripe(subscription.status);
  const founding = isFoundingSubscription(subscription);
  const values = {
    stripeCustomerId: stripeId(subscription.customer),
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: status,
  };
  const [saved] = await db
    .insert(subscribers)
    .values({ email, ...values, isFoundingMember: founding })
    .onConflictDoUpdate({ target: subscribers.email, set: { ...values, isFoundingMember: founding } })
    .returning({ isFoundingMember: subscribers.isFoundingMember });
  return { isActive: status === 'active', isFoundingMember: saved?.isFoundingMember ?? founding };
}

/** Updates every user bound to this subscription (or its customer). Returns how many changed. */
export async function updateSubscriptionStatus(subscription: Stripe.Subscription): Promise<number> {
  const db = await database();
  const customer = stripeId(subscription.customer);
  const rows = await db
    .update(subscribers)
    .set({ subscriptionStatus: statusFromStripe(subscription.status), stripeSubscriptionId: subscription.id })
    .where(
      customer
        ? or(eq(subscribers.stripeSubscriptionId, subscription.id), eq(subscribers.stripeCustomerId, customer))
        : eq(subscribers.stripeSubscriptionId, subscription.id),
    )
    .returning({ id: subscribers.id });
  return rows.length;
}
