import { RateLimiterMemory } from 'rate-limiter-flexible';
import { config } from '../config';
import { routePolicy, type LimitBucket } from './route-policy.mjs';

/**
 * Per-address limits on the writes a stranger can make; which bucket a call spends is the route
 * policy's `limit`. Counters live in this process's memory: behind a load balancer with several
 * instances each counts on its own (see README).
 */
let limiters: Record<LimitBucket, RateLimiterMemory> | undefined;

function build(): Record<LimitBucket, RateLimiterMemory> {
  const { RATE_LIMIT_FORMS_PER_MINUTE: forms, RATE_LIMIT_REACTIONS_PER_MINUTE: reactions } = config();
  const perMinute = (points: number) => new RateLimiterMemory({ points, duration: 60 });
  // Saving a spot is a one-tap action like a love, so it gets the reactions rate, counted apart.
  return { forms: perMinute(forms), reactions: perMinute(reactions), saves: perMinute(reactions) };
}

/** Null when this call may go ahead, else the seconds to wait before trying again. */
export async function writeLimitWait(method: string, route: string, address: string): Promise<number | null> {
  const bucket = routePolicy(route)?.methods[method]?.limit;
  if (!bucket) return null;
  limiters ??= build();
  try {
    await limiters[bucket].consume(`${bucket}:${address}`);
    return null;
  } catch (rejected) {
    return Math.max(1, Math.ceil((rejected as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}
