import { and, count, eq } from 'drizzle-orm';
import { userEngagements } from '../../db/schema';
import { FREE_SPOT_VIEWS } from '../lib/constants';
import { canViewSpot, type ViewerState } from '../lib/free-views';
import { database } from './db';
import { currentSubscriber, type RequestVisitor } from './subscriber';
import { subscriptionStatus } from './subscriptions';

/**
 * The server's view of the free-view rules (spec §4/§6), from what the browser cannot edit: the
 * views counted for this visitor session and the subscriber identity (a signed cookie, or the
 * signed-in Clerk user). Only an email this browser paid for, or one Clerk verified, can unlock.
 */
export async function viewerState(visitor: RequestVisitor): Promise<ViewerState> {
  const sessionId = visitor.locals.sessionId;
  const subscriber = await currentSubscriber(visitor);
  if (!subscriber) return { email: null, isActive: false, viewCount: 0 };
  const isActive = subscriber.verified && (await subscriptionStatus(subscriber.email)).isActive;
  let viewCount = 0;
  if (sessionId && !isActive) {
    const db = await database();
    const [row] = await db
      .select({ n: count() })
      .from(userEngagements)
      .where(and(eq(userEngagements.sessionId, sessionId), eq(userEngagements.engagementType, 'view')));
    viewCount = row?.n ?? 0;
  }
  return { email: subscriber.email, isActive, viewCount };
}

export async function mayViewSpots(visitor: RequestVisitor): Promise<boolean> {
  return canViewSpot(await viewerState(visitor));
}

export const LOCKED_MESSAGE = `You have used your ${FREE_SPOT_VIEWS} free spot views. Subscribe to keep exploring every spot.`;

const TEASER_LENGTH = 90;

/** A spot as a locked visitor may see it: no full description, no map or website links. */
export function lockedSpot<T extends { description: string; mapsUrl: string; website: string | null }>(spot: T): T & { locked: true } {
  const teaser = spot.description.length > TEASER_LENGTH ? `${spot.description.slice(0, TEASER_LENGTH).trimEnd()}…` : spot.description;
  return { ...spot, description: teaser, mapsUrl: '', website: null, locked: true };
}
