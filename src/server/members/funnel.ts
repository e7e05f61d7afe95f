import { and, eq, isNull } from 'drizzle-orm';
import { funnelEvents, spots, subscribers, type FunnelKind, type SourceKind } from '../../../db/schema';
import { database } from '../db/database';
import { writeInGroup } from '../db/grouped-writes';

export interface FunnelSource {
  kind: SourceKind;
  id: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * The page a step happened on, from its path: a spot or Story page (by slug), the launch page or
 * home. Anything else is "other", so a made-up path never invents a spot.
 */
export function sourceOfPath(path: string | null | undefined): FunnelSource {
  const pathname = (path ?? '').split(/[?#]/)[0] ?? '';
  if (pathname === '/' || pathname === '') return { kind: 'home', id: null };
  if (pathname === '/launch') return { kind: 'launch', id: null };
  const spot = /^\/spots\/([^/]+)\/?$/.exec(pathname);
  if (spot && SLUG.test(spot[1]!)) return { kind: 'spot', id: spot[1]! };
  const story = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (story && SLUG.test(story[1]!)) return { kind: 'story', id: story[1]! };
  return { kind: 'other', id: null };
}

/** Records one step of a visitor session; never fails the request it belongs to. */
export async function recordFunnel(
  kind: FunnelKind,
  fields: { sessionId?: string | null; source?: FunnelSource | null; checkoutSessionId?: string | null; subscriptionId?: string | null; at?: Date } = {},
): Promise<void> {
  try {
    const db = await database();
    // A free view's step comes with every metered spot view: it shares the transaction of the counter writes of the moment.
    await writeInGroup(
      [
        db
          .insert(funnelEvents)
          .values({
            kind,
            sessionId: fields.sessionId ?? null,
            sourceKind: fields.source?.kind ?? null,
            sourceId: fields.source?.id ?? null,
            checkoutSessionId: fields.checkoutSessionId ?? null,
            stripeSubscriptionId: fields.subscriptionId ?? null,
            createdAt: fields.at ?? new Date(),
          })
          .onConflictDoNothing(),
      ],
      { inTurn: false },
    );
  } catch (error) {
    console.error(`[funnel] could not record ${kind}: ${String(error)}`);
  }
}

/**
 * A paid checkout: the subscription remembers the page its checkout started from, and the funnel
 * gets its "paid" step in the visitor session that started it (once per subscription).
 */
export async function attributeCheckout(checkoutSessionId: string, subscriptionId: string): Promise<void> {
  const db = await database();
  const [started] = await db
    .select()
    .from(funnelEvents)
    .where(and(eq(funnelEvents.checkoutSessionId, checkoutSessionId), eq(funnelEvents.kind, 'checkout_started')))
    .limit(1);
  if (started?.sourceKind) {
    await db
      .update(subscribers)
      .set({ sourceKind: started.sourceKind, sourceId: started.sourceId })
      .where(and(eq(subscribers.stripeSubscriptionId, subscriptionId), isNull(subscribers.sourceKind)));
  }
  await recordFunnel('paid', {
    sessionId: started?.sessionId ?? null,
    source: started?.sourceKind ? { kind: started.sourceKind, id: started.sourceId } : null,
    checkoutSessionId,
    subscriptionId,
  });
}

/**
 * What opening a spot meant for the paywall: a free view used (the meter counted it), or the limit
 * reached on that spot. Unmetered views (no email yet, or a member) are not funnel steps.
 */
export async function recordMeterOutcome(
  outcome: { kind: string; spot?: { slug: string } },
  fields: { sessionId: string | null; unmetered: boolean; spotId: number },
): Promise<void> {
  if (fields.unmetered || !fields.sessionId) return;
  if (outcome.kind === 'counted' && outcome.spot) {
    await recordFunnel('free_view', { sessionId: fields.sessionId, source: { kind: 'spot', id: outcome.spot.slug } });
  } else if (outcome.kind === 'over-free-limit') {
    const db = await database();
    const [spot] = await db.select({ slug: spots.slug }).from(spots).where(eq(spots.id, fields.spotId)).limit(1);
    await recordFunnel('limit_reached', { sessionId: fields.sessionId, source: { kind: 'spot', id: spot?.slug ?? null } });
  }
}
