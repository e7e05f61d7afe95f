import { RateLimiterMemory } from 'rate-limiter-flexible';
import { sql } from 'drizzle-orm';
import { rateLimits } from '../../../db/schema';
import { config } from '../config';
import { database } from '../db/database';
import { writeInGroup } from '../db/grouped-writes';
import { routePolicy, type LimitBucket } from './route-policy.mjs';

/**
 * Per-address limits on the writes a stranger can make; which bucket a call spends is the route
 * policy's `limit`. The counters live in this process (`memory`) or in the database (`database`),
 * where every instance on that database shares them: behind a load balancer three instances still
 * allow the limit once, not three times.
 */
const WINDOW_MS = 60_000;

function pointsOf(bucket: LimitBucket): number {
  const { RATE_LIMIT_FORMS_PER_MINUTE: forms, RATE_LIMIT_REACTIONS_PER_MINUTE: reactions, RATE_LIMIT_TILES_PER_MINUTE: tiles } = config();
  if (bucket === 'tiles') return tiles;
  // Saving a spot is a one-tap action like a love, so it gets the reactions rate, counted apart.
  return bucket === 'forms' ? forms : reactions;
}

function store(): 'memory' | 'database' {
  const { RATE_LIMIT_STORE, DATABASE_URL, DATABASE_SYNC_URL } = config();
  return RATE_LIMIT_STORE ?? (DATABASE_URL.startsWith('file:') && !DATABASE_SYNC_URL ? 'memory' : 'database');
}

const limiters: Partial<Record<LimitBucket, RateLimiterMemory>> = {};

async function waitInMemory(bucket: LimitBucket, key: string): Promise<number | null> {
  const limiter = (limiters[bucket] ??= new RateLimiterMemory({ points: pointsOf(bucket), duration: WINDOW_MS / 1000 }));
  try {
    await limiter.consume(key);
    return null;
  } catch (rejected) {
    return Math.max(1, Math.ceil((rejected as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}

let lastSweep = 0;

/** One counted hit in this minute's row; a fixed one-minute window, the same for every instance. */
async function waitInDatabase(bucket: LimitBucket, key: string, now = Date.now()): Promise<number | null> {
  const db = await database();
  const windowStart = now - (now % WINDOW_MS);
  // A hit is a counter write like a love: it shares the transaction of the writes of the moment.
  const [[row]] = await writeInGroup(
    [
      db
        .insert(rateLimits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
        .returning({ hits: rateLimits.hits }),
    ],
    { inTurn: false },
  );
  if (now - lastSweep > WINDOW_MS) {
    lastSweep = now;
    await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${windowStart - WINDOW_MS}`);
  }
  return (row?.hits ?? 0) <= pointsOf(bucket) ? null : Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
}

/** Null when this call may go ahead, else the seconds to wait before trying again. */
export async function writeLimitWait(method: string, route: string, address: string): Promise<number | null> {
  const bucket = routePolicy(route)?.methods[method]?.limit;
  if (!bucket) return null;
  const key = `${bucket}:${address}`;
  // Tiles are kept and fetched per instance, and a map view asks for dozens at once: a database
  // write for each would cost more than the tile, so their counters are always in this process.
  if (store() === 'memory' || bucket === 'tiles') return waitInMemory(bucket, key);
  try {
    return await waitInDatabase(bucket, key);
  } catch (error) {
    // A database that cannot count cannot take the write either: the handler answers it (503).
    console.error('[limits] could not count a write:', (error as Error).message);
    return null;
  }
}
