import type { FakeStripe } from '../fakes/stripe-server';

/** The settings that point a test server's Stripe at the fake, with these price ids (the first is the regular price). */
export function stripeEnv(fake: FakeStripe, priceIds: string[] = ['price_test_monthly']): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PRICE_ID: priceIds.join(','),
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-1234',
  };
}
