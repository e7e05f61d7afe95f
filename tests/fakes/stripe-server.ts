/**
 * A protocol-faithful fake of the Stripe API for tests: the real `stripe` SDK talks to it with
 * `new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 })`.
 * docs/outside-services.md, section 2, describes the wire protocol it follows.
 *
 * - `/v1/...`: customers (create, list by email, search, retrieve, update), Checkout Sessions
 *   (create, retrieve with expand, expire, line items), subscriptions, invoices, prices and
 *   billing portal sessions. Form-encoded requests, JSON answers, `Request-Id`, Bearer
 *   `sk_test_` auth, `Idempotency-Key` replay, Stripe's error bodies.
 * - `/c/pay/{id}`: the hosted Checkout page ('Pay and subscribe'); paying creates the customer,
 *   subscription and invoice, delivers signed webhooks and redirects to `success_url`.
 * - `/p/session/{id}`: the billing portal page (cancel at period end, link back to `return_url`).
 */
export {
  startFakeStripe,
  DEFAULT_API_VERSION,
  type FakeStripe,
  type FakeStripeOptions,
  type RecordedRequest,
  type DeliverOptions,
  type CheckoutCompletion,
} from './stripe/server';
export type { CheckoutSession, Customer, Invoice, PortalSession, StripeEvent, Subscription, SubscriptionItem, SubscriptionStatus } from './stripe/objects';
export type { Delivery } from './stripe/webhooks';
export { computeSignature, signatureHeader, serializeEvent } from './stripe/webhooks';
export { encodeForm, parseForm } from './stripe/form';
export { DECLINED_CARD } from './stripe/pages';
