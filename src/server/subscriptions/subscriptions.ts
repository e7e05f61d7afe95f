import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscribers } from '../../../db/schema';
import { database } from '../db/database';
import { stripeId } from '../adapters/stripe';
import { isFoundingSubscription } from './pricing';
import { moneyOf } from '../members/money';
import { recordFunnel } from '../members/funnel';
import { offerCodeForPromotion } from '../plans/offers';

/**
 * The offer a subscription was bought with: its own page's checkout tags the metadata; a code typed
 * at checkout is known by its promotion code (when `discounts` is expanded). Null leaves it as it was.
 */
async function offerCodeOf(subscription: Stripe.Subscription): Promise<string | null> {
  if (subscription.metadata?.offer) return subscription.metadata.offer;
  const discount = subscription.discounts?.find((entry): entry is Stripe.Discount => typeof entry === 'object' && entry !== null);
  const promo = discount?.promotion_code;
  return offerCodeForPromotion(typeof promo === 'string' ? promo : (promo?.id ?? null));
}

/**
 * What a visitor has proved they pay with: the Stripe customer of this browser's own completed
 * checkout, and/or an email address proven by sign-in. A typed email proves nothing.
 */
export interface PaymentProof {
  email: string;
  /** The customer this browser's checkout paid as (the signed subscriber cookie names it). */
  customer: string | null;
  /** The email itself is proven (Clerk verified it): every subscription made for it is the visitor's. */
  emailProven: boolean;
}

export interface SubscriptionStatus {
  isActive: boolean;
  isFoundingMember: boolean;
}

const INACTIVE: SubscriptionStatus = { isActive: false, isFoundingMember: false };

/** The subscriptions a proof covers: its customer's, and the email's when the email is proven. */
function coveredBy(proof: PaymentProof): SQL | undefined {
  const byCustomer = proof.customer ? eq(subscribers.stripeCustomerId, proof.customer) : undefined;
  const byEmail = proof.emailProven ? eq(subscribers.email, proof.email) : undefined;
  return byCustomer && byEmail ? or(byCustomer, byEmail) : (byCustomer ?? byEmail);
}

/** Complimentary access (a row without a Stripe subscription) counts only until its date. */
function stillComplimentary(): SQL {
  return or(isNull(subscribers.compUntil), gt(subscribers.compUntil, new Date()))!;
}

/** Subscription status (spec §3): active when any subscription the proof covers is active. */
export async function subscriptionStatus(proof: PaymentProof): Promise<SubscriptionStatus> {
  const covered = coveredBy(proof);
  if (!covered) return INACTIVE;
  const db = await database();
  const rows = await db
    .select({ isFoundingMember: subscribers.isFoundingMember })
    .from(subscribers)
    .where(and(covered, eq(subscribers.subscriptionStatus, 'active'), stillComplimentary()));
  return rows.length ? { isActive: true, isFoundingMember: rows.some((row) => row.isFoundingMember) } : INACTIVE;
}

/**
 * The Stripe customer whose billing portal the proof may open: this browser's own customer (once
 * a subscription of it is recorded), else (a proven email) the customer of the email's newest
 * active subscription, else its newest one.
 */
export async function billingCustomer(proof: PaymentProof): Promise<string | null> {
  const db = await database();
  // A redeemed gift's access is proven like a checkout's customer, but has no Stripe customer (or portal).
  if (proof.customer && !isGiftCustomer(proof.customer)) {
    const [own] = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.stripeCustomerId, proof.customer)).limit(1);
    if (own) return proof.customer;
  }
  if (!proof.emailProven) return null;
  const rows = await db
    .select({ customer: subscribers.stripeCustomerId, status: subscribers.subscriptionStatus })
    .from(subscribers)
    .where(eq(subscribers.email, proof.email))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  const withCustomer = rows.filter((row) => row.customer && !isGiftCustomer(row.customer));
  return (withCustomer.find((row) => row.status === 'active') ?? withCustomer[0])?.customer ?? null;
}

/**
 * The customer of the email's first recorded subscription. Before customers were named in the
 * cookie, checkout reused one customer per email, so a cookie of that time stands for this one; a
 * customer added later for the same email (another browser's checkout) never takes its place.
 */
export async function firstCustomerOf(email: string): Promise<string | null> {
  const db = await database();
  const [first] = await db
    .select({ customer: subscribers.stripeCustomerId })
    .from(subscribers)
    .where(and(eq(subscribers.email, email), isNotNull(subscribers.stripeCustomerId), sql`substr(${subscribers.stripeCustomerId}, 1, 5) <> 'gift_'`))
    .orderBy(asc(subscribers.id))
    .limit(1);
  return first?.customer ?? null;
}

/** The stand-in customer of a redeemed gift (`gift_<id>`): it proves gift access, never opens a portal. */
export const isGiftCustomer = (customer: string) => customer.startsWith('gift_');

/** Our status for a Stripe subscription: 'active' unlocks; anything else does not. */
export function statusFromStripe(status: Stripe.Subscription.Status): string {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return status;
}

/**
 * Records what Stripe says about one subscription, under its own customer: one row per
 * subscription, so a second checkout for the same email never takes over another's row. `email` is
 * the address the checkout was made for; the first one recorded stays. Re-applying is harmless.
 */
export async function saveSubscription(email: string, subscription: Stripe.Subscription, knownOfferCode: string | null = null): Promise<SubscriptionStatus> {
  const db = await database();
  const status = statusFromStripe(subscription.status);
  const founding = isFoundingSubscription(subscription);
  const offerCode = knownOfferCode ?? (await offerCodeOf(subscription));
  const values = {
    ...moneyOf(subscription),
    stripeCustomerId: stripeId(subscription.customer),
    subscriptionStatus: status,
    isFoundingMember: founding,
    ...(offerCode ? { offerCode } : {}),
  };
  const [saved] = await db
    .insert(subscribers)
    .values({ email, stripeSubscriptionId: subscription.id, ...values })
    .onConflictDoUpdate({ target: subscribers.stripeSubscriptionId, set: values })
    .returning({ isFoundingMember: subscribers.isFoundingMember });
  if (status === 'canceled') await recordCancellation(subscription);
  return { isActive: status === 'active', isFoundingMember: saved?.isFoundingMember ?? founding };
}

/** Updates the row of this subscription, and nothing else. Returns how many changed (0 or 1). */
export async function updateSubscriptionStatus(subscription: Stripe.Subscription): Promise<number> {
  const db = await database();
  const offerCode = await offerCodeOf(subscription);
  const rows = await db
    .update(subscribers)
    .set({ ...moneyOf(subscription), subscriptionStatus: statusFromStripe(subscription.status), ...(offerCode ? { offerCode } : {}) })
    .where(eq(subscribers.stripeSubscriptionId, subscription.id))
    .returning({ id: subscribers.id });
  if (rows.length && statusFromStripe(subscription.status) === 'canceled') await recordCancellation(subscription);
  return rows.length;
}

/** The funnel's "cancelled" step, once per subscription, at the moment its access ended. */
async function recordCancellation(subscription: Stripe.Subscription): Promise<void> {
  const at = subscription.ended_at ?? subscription.canceled_at;
  await recordFunnel('cancelled', { subscriptionId: subscription.id, at: at ? new Date(at * 1000) : new Date() });
}
