import { sql } from 'drizzle-orm';
import type { Spot } from '../../../db/schema';
import { FREE_SPOT_VIEWS } from '../../lib/constants';
import { spotTeaser } from '../../lib/spot-teaser';
import { canViewSpot, isUnmetered, paywallState, type PaywallState, type ViewerState } from '../../lib/free-views';
import { database } from '../db/database';
import { spotsOpenedBy } from './engagement';
import { currentSubscriber, statusOf, type RequestVisitor } from '../subscriptions/subscriber';

/**
 * The server's view of the free-view rules (spec §4/§6), from what the browser cannot edit: the
 * spots opened in this visitor session and the subscriber identity (a signed cookie, or the
 * signed-in Clerk user). Only an email this browser paid for, or one Clerk verified, can unlock.
 */
export async function viewerState(visitor: RequestVisitor): Promise<ViewerState> {
  const sessionId = visitor.locals.sessionId;
  const subscriber = await currentSubscriber(visitor);
  if (!subscriber) return { email: null, isActive: false, viewCount: 0 };
  const isActive = (await statusOf(subscriber)).isActive;
  let viewCount = 0;
  if (sessionId && !isActive) {
    const db = await database();
    const [row] = await db.all<{ n: number }>(sql`SELECT ${spotsOpenedBy(sessionId)} AS n`);
    viewCount = row?.n ?? 0;
  }
  return { email: subscriber.email, isActive, viewCount };
}

/**
 * The one entitlement rule for every read of spots (API lists, top, featured, and the pages that
 * render spots): may this visitor see the premium fields? A visitor with no email is never
 * blocked, an active subscriber never; an email holder while free views are left.
 */
export async function entitledToPremium(visitor: RequestVisitor): Promise<boolean> {
  return canViewSpot(await viewerState(visitor));
}

/** The visitor's meter as every page and island shows it (GET /api/paywall, and the pages' islands). */
export async function paywallFor(visitor: RequestVisitor): Promise<PaywallState> {
  return paywallState(await viewerState(visitor));
}

/** Whether opening a spot skips the free-view meter (see recordSpotView for the metered case). */
export async function viewsUnmetered(visitor: RequestVisitor): Promise<boolean> {
  return isUnmetered(await viewerState(visitor));
}

export const LOCKED_MESSAGE = `You have used your ${FREE_SPOT_VIEWS} free spot views. Subscribe to keep exploring every spot.`;

/**
 * The spot fields only an entitled visitor receives: the full take, the links, the exact address,
 * know-before-you-go and the insider tip. Everything else (name, picture, category, neighbourhood,
 * hook, price, hours, the map position) is public.
 */
type PremiumFields = Pick<Spot, 'description' | 'mapsUrl' | 'website' | 'address' | 'knowBefore' | 'insiderTip'>;

/** What a visitor who is not entitled gets in place of each premium field. */
function lockedFields(spot: PremiumFields): PremiumFields {
  return { description: spotTeaser(spot.description), mapsUrl: '', website: null, address: null, knowBefore: null, insiderTip: null };
}

/** A spot as a visitor who is not entitled may see it: the teaser, no map or website links. */
export function lockedSpot<T extends PremiumFields>(spot: T): T & { locked: true } {
  return { ...spot, ...lockedFields(spot), locked: true };
}

/** Spots as this visitor may read them. */
export function spotsAsSeen<T extends PremiumFields>(entitled: boolean, spots: T[]): (T | (T & { locked: true }))[] {
  return entitled ? spots : spots.map(lockedSpot);
}

/**
 * Headers for a response whose spots were shaped for this visitor. It depends on the visitor's
 * cookies, so shared caches must key on them; a locked copy is the visitor's own and stays private.
 */
export function spotReadHeaders(entitled: boolean): Record<string, string> {
  return entitled ? { Vary: 'Cookie' } : { Vary: 'Cookie', 'Cache-Control': 'private, no-cache' };
}

/** The same, on a page's response. */
export function markSpotRead(headers: Headers, entitled: boolean): void {
  for (const [name, value] of Object.entries(spotReadHeaders(entitled))) headers.set(name, value);
}
