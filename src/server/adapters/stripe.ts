import Stripe from 'stripe';
import { config } from '../config';
import { HttpError } from '../http/responses';

let client: Stripe | null | undefined;

/** The Stripe SDK configured from the environment, or null when payments are not configured. */
export function stripeClient(): Stripe | null {
  if (client !== undefined) return client;
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = config();
  if (!STRIPE_SECRET_KEY) return (client = null);
  const base = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : null;
  client = new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Scottsdale Local Guide' },
    ...(base && {
      host: base.hostname,
      port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return client;
}

/** The id of a Stripe reference that may be expanded into an object or left as an id. */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** The SDK, or a 503 the client can show when payments are not configured. */
export function requireStripe(): Stripe {
  const stripe = stripeClient();
  if (!stripe || config().STRIPE_PRICE_ID.length === 0) {
    throw new HttpError(503, 'Subscriptions are not available right now: payments are not configured on this server.');
  }
  return stripe;
}

/** Turns SDK failures into answers a visitor can act on; our own HttpErrors pass through. */
export function stripeFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    console.error(`[stripe] ${error.type}: ${error.message}`);
    if (error.type === 'StripeInvalidRequestError' && error.statusCode === 404) {
      return new HttpError(404, 'That checkout session was not found.');
    }
    return new HttpError(502, 'The payment provider is unavailable right now. Please try again in a few minutes.');
  }
  return error instanceof Error ? new HttpError(500, 'Something went wrong on our side. Please try again.') : new HttpError(500, String(error));
}
