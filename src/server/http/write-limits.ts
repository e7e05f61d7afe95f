import { RateLimiterMemory } from 'rate-limiter-flexible';
import { config } from '../config';

/**
 * Per-address limits on the writes a stranger can make. Counters live in this process's memory:
 * behind a load balancer with several instances each counts on its own (see README).
 */
interface WriteLimit {
  name: string;
  /** Route patterns as Astro names them, e.g. `/api/spots/[id]/love`. */
  routes: readonly string[];
  limiter: RateLimiterMemory;
}

let limits: WriteLimit[] | undefined;

function build(): WriteLimit[] {
  const { RATE_LIMIT_FORMS_PER_MINUTE: forms, RATE_LIMIT_REACTIONS_PER_MINUTE: reactions } = config();
  const perMinute = (points: number) => new RateLimiterMemory({ points, duration: 60 });
  return [
    { name: 'forms', routes: ['/api/suggestions', '/api/subscribe', '/api/create-subscription', '/api/newsletter/resubscribe'], limiter: perMinute(forms) },
    { name: 'reactions', routes: ['/api/spots/[id]/love', '/api/spots/[id]/visit', '/api/spots/[id]/view'], limiter: perMinute(reactions) },
  ];
}

/** Null when the write to this route may go ahead, else the seconds to wait before trying again. */
export async function writeLimitWait(method: string, route: string, address: string): Promise<number | null> {
  if (method !== 'POST') return null;
  limits ??= build();
  const limit = limits.find((l) => l.routes.includes(route));
  if (!limit) return null;
  try {
    await limit.limiter.consume(`${limit.name}:${address}`);
    return null;
  } catch (rejected) {
    return Math.max(1, Math.ceil((rejected as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}
