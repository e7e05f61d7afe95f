/**
 * Stripe object shapes as the API returns them at the endive API version (basil+: billing
 * periods live on subscription items, an invoice points at its subscription through
 * `parent.subscription_details`). Only fields the guide could plausibly read are filled;
 * the rest keep Stripe's null/empty defaults so the JSON looks like the real thing.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** `cus_`, `sub_`, `si_`, `in_`, `bps_`, `evt_`, `req_`… plus random base62; Checkout uses `cs_test_a1…`. */
export function newId(prefix: string): string {
  if (prefix === 'cs_test_') return `cs_test_a1${randomToken(56)}`;
  return prefix + randomToken(prefix === 'req_' ? 14 : 24);
}

export type Metadata = Record<string, string>;

export interface Price {
  id: string;
  object: 'price';
  active: true;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface CustomerDetails {
  address: null;
  email: string | null;
  name: string | null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [];
}

export interface LineItemInput {
  price: string;
  quantity: number;
}

/** A one-time price made from `line_items[i][price_data]` (payment mode), as Stripe keeps it. */
export function makeOneTimePrice(
  id: string,
  unitAmount: number,
  currency: string,
  product: string,
  created: number,
): Omit<Price, 'recurring' | 'type'> & { recurring: null; type: 'one_time' } {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product,
    recurring: null,
    tax_behavior: 'unspecified',
    type: 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  after_expiration: null;
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  billing_address_collection: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription' | 'payment';
  /** Payment mode: the PaymentIntent once paid. */
  payment_intent: string | null;
  /** `discounts[0][promotion_code]` or `[coupon]` as sent (the session applies it to the first payment). */
  discounts: { coupon: string | null; promotion_code: string | null }[];
  payment_link: null;
  payment_method_collection: 'always' | 'if_required';
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  setup_intent: null;
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: [];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  application: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: null;
  /** Discount ids (`di_…`); `expand[]=discounts` inlines them. */
  discounts: string[];
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: number | null;
  trial_start: number | null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { invoice_item: null; proration: false; subscription: string; subscription_item: string };
  };
  period: { end: number; start: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  account_country: 'US';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  hosted_invoice_url: string;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  total: number;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent<T = unknown> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface SearchResult<T> {
  object: 'search_result';
  data: T[];
  has_more: boolean;
  next_page: string | null;
  url: string;
}

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Adds calendar months in UTC, clamping the day to the month's end like Stripe's billing anchor. */
export function addMonths(unix: number, months: number): number {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toUnix(target);
}

/** The monthly period, counted from `anchor`, that contains `now` (the first one if `now` is earlier). */
export function currentPeriod(anchor: number, now: number): { start: number; end: number } {
  let k = 0;
  while (addMonths(anchor, k + 1) <= now) k++;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

export function makePrice(
  id: string,
  unitAmount: number,
  created: number,
  billing: { interval?: Price['recurring']['interval']; intervalCount?: number; currency?: string } = {},
): Price {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: billing.currency ?? 'usd',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${
      id
        .replace(/^price_/, '')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 14) || randomToken(14)
    }`,
    recurring: { interval: billing.interval ?? 'month', interval_count: billing.intervalCount ?? 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function makeCustomer(fields: {
  email: string | null;
  name: string | null;
  phone?: string | null;
  description?: string | null;
  metadata: Metadata;
  created: number;
}): Customer {
  return {
    id: newId('cus_'),
    object: 'customer',
    address: null,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function customerDetails(email: string | null, name: string | null = null): CustomerDetails {
  return { address: null, email, name, phone: null, tax_exempt: 'none', tax_ids: [] };
}

/** Formats minor units for people: 299 usd → "$2.99". */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
