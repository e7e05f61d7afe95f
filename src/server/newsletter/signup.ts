import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../db/schema';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { enqueueConfirmation } from './outbox';
import { subscriberForSignedToken } from './signing';
import { subscriberForToken } from './unsubscribe';

export interface SignupRequest {
  email: string;
  /** active: already on the list, nothing was changed or queued; pending: waits for the emailed link. */
  state: 'active' | 'pending';
}

/**
 * A sign-up or re-subscription (double opt-in): a new or unsubscribed address becomes pending and
 * a confirmation email is queued for it; it gets the newsletter only once the link is followed. An
 * address already on the list stays as it is and gets no email. Never creates a second row.
 *
 * Every address, known or new, costs the same one batch of the same two statements, and nothing is
 * sent before the answer (the outbox worker sends after it): the answer's timing cannot tell who
 * is on the list. Call sendQueuedConfirmations() once the request is answered.
 */
export async function requestNewsletter(email: string, siteUrl: string, now = new Date()): Promise<SignupRequest> {
  const db = await database();
  const [pending] = await db.batch([
    db
      .insert(newsletterSubscribers)
      .values({ email, isActive: false, confirmationRequestedAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        // Keeps the first request's time while it stays pending.
        set: { confirmationRequestedAt: sql`coalesce(${newsletterSubscribers.confirmationRequestedAt}, excluded.confirmation_requested_at)` },
        setWhere: eq(newsletterSubscribers.isActive, false),
      })
      .returning({ id: newsletterSubscribers.id }),
    db.run(enqueueConfirmation(email, siteUrl, now)),
  ]);
  return { email, state: pending.length ? 'pending' : 'active' };
}

export type ConfirmOutcome = 'confirmed' | 'already-active' | 'expired';

/** What a confirmation link would do, without doing it (the page shows this before the button is pressed). */
export async function inspectConfirmation(token: string): Promise<{ email: string; outcome: ConfirmOutcome } | null> {
  const subscriber = await subscriberForSignedToken('confirm', token);
  if (!subscriber) return null;
  if (subscriber.isActive) return { email: subscriber.email, outcome: 'already-active' };
  return { email: subscriber.email, outcome: subscriber.confirmationRequestedAt ? 'confirmed' : 'expired' };
}

/**
 * Follows a confirmation link: a pending address becomes active. A link whose request was
 * withdrawn (the reader unsubscribed since) is expired; null for a malformed, altered or forged token.
 */
export async function confirmNewsletter(token: string, now = new Date()): Promise<{ email: string; outcome: ConfirmOutcome } | null> {
  const subscriber = await subscriberForSignedToken('confirm', token);
  if (!subscriber) return null;
  if (subscriber.isActive) return { email: subscriber.email, outcome: 'already-active' };
  const db = await database();
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ isActive: true, confirmedAt: now, confirmationRequestedAt: null, confirmationSentAt: null })
    .where(and(eq(newsletterSubscribers.id, subscriber.id), isNotNull(newsletterSubscribers.confirmationRequestedAt)))
    .returning({ id: newsletterSubscribers.id });
  return { email: subscriber.email, outcome: confirmed.length ? 'confirmed' : 'expired' };
}

/**
 * Every newsletter form posts here (POST /api/subscribe). The answer is the same whether the
 * address was new, pending or already on the list, so the form tells nobody who subscribes.
 */
const SIGNUP_MESSAGE = "Thanks! If you're new to Scottsdale Weekly, check your inbox for a link to confirm your address.";

export async function signUpForNewsletter(email: string, siteUrl: string) {
  await requestNewsletter(email, siteUrl);
  return { message: SIGNUP_MESSAGE };
}

const CONFIRMED_MESSAGE = "You're on Scottsdale Weekly. Look for it in your inbox every Thursday.";

/** The confirm page's button (POST /api/newsletter/confirm): 400 for a bad link, 409 for an expired one. */
export async function confirmSignup(token: string) {
  const result = await confirmNewsletter(token);
  if (!result) throw new HttpError(400, 'This confirmation link is not valid.');
  if (result.outcome === 'expired') throw new HttpError(409, 'This confirmation link has expired. Sign up again to get a new one.');
  return { message: CONFIRMED_MESSAGE, email: result.email };
}

/**
 * "Changed your mind?" on the unsubscribe page (POST /api/newsletter/resubscribe). An unsubscribe
 * link travels in every issue and can be forwarded, so it only asks for the newsletter back: the
 * address is emailed a confirmation link, as for any sign-up.
 */
export async function resubscribe(token: string, siteUrl: string) {
  const subscriber = await subscriberForToken(token);
  if (!subscriber) throw new HttpError(400, 'This link is not valid.');
  const { state } = await requestNewsletter(subscriber.email, siteUrl);
  const message = state === 'active' ? "You're on Scottsdale Weekly." : "Almost there: check your inbox and follow the link to confirm you're back on Scottsdale Weekly.";
  return { message, email: subscriber.email, state };
}
