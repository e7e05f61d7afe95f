import type Stripe from 'stripe';
import { DEFAULT_OFFER, priceText, publishOffer, type Offer, type Plan, type PriceText } from '../../lib/offer';
import { stripeClient } from '../adapters/stripe';
import { config } from '../config';
import { markChanged } from '../db/generation';
import { HttpError } from '../http/responses';

/** Stripe prices change rarely; pages read them from memory and refresh them this often. */
const FRESH_MS = 10 * 60_000;
/** After a failed read, the last known offer (or the defaults) stands this long before another try. */
const RETRY_MS = 30_000;
/** How long one price read may take; a page never waits longer than this for Stripe, and only the first one. */
const READ_TIMEOUT_MS = 3_000;

let cached: { offer: Offer; until: number } | null = null;
let loading: Promise<Offer> | null = null;
let published: Offer | null = null;

function describe(price: Stripe.Price): PriceText {
  if (price.unit_amount === null) throw new Error(`Stripe price ${price.id} has no fixed amount`);
  return priceText(price.unit_amount, price.currency, price.recurring?.interval ?? 'month', price.recurring?.interval_count ?? 1);
}

async function load(): Promise<Offer> {
  const settings = config();
  const foundingUntil = settings.FOUNDING_MEMBER_UNTIL.toISOString();
  const stripe = stripeClient();
  const [regularId] = settings.STRIPE_PRICE_ID;
  // Without payments the site shows the list prices; nothing can be bought, so nothing disagrees.
  if (!stripe || !regularId) return { ...DEFAULT_OFFER, foundingUntil, payments: false };
  const foundingId = settings.STRIPE_FOUNDING_PRICE_ID;
  const yearlyId = settings.STRIPE_YEARLY_PRICE_ID;
  const read = (id: string) => stripe.prices.retrieve(id, undefined, { timeout: READ_TIMEOUT_MS, maxNetworkRetries: 0 });
  const [regular, founding, yearly] = await Promise.all([read(regularId), foundingId ? read(foundingId) : null, yearlyId ? read(yearlyId) : null]);
  const offer: Offer = { regular: describe(regular), founding: founding ? describe(founding) : null, foundingUntil };
  if (yearly) offer.yearly = { ...describe(yearly), savingPercent: savingPercent(regular, yearly) };
  return offer;
}

/** What a year at the yearly price saves against twelve months at the regular price, in whole percent. */
export function savingPercent(monthly: Pick<Stripe.Price, 'unit_amount'>, yearly: Pick<Stripe.Price, 'unit_amount'>): number {
  const twelve = (monthly.unit_amount ?? 0) * 12;
  if (!twelve || yearly.unit_amount === null || yearly.unit_amount >= twelve) return 0;
  return Math.floor(((twelve - yearly.unit_amount) / twelve) * 100);
}

function refresh(): Promise<Offer> {
  loading ??= load()
    .then((offer) => {
      cached = { offer, until: Date.now() + FRESH_MS };
      return offer;
    })
    .catch((error: unknown) => {
      console.error(`[pricing] could not read the Stripe prices: ${(error as Error).message}`);
      const offer = cached?.offer ?? { ...DEFAULT_OFFER, foundingUntil: config().FOUNDING_MEMBER_UNTIL.toISOString() };
      cached = { offer, until: Date.now() + RETRY_MS };
      return offer;
    })
    .then((offer) => {
      // Pages kept by the shared response cache quote the offer: a new one makes them stale.
      if (published && JSON.stringify(published) !== JSON.stringify(offer)) markChanged();
      published = offer;
      publishOffer(offer);
      return offer;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * The membership offer with amounts from the configured Stripe prices, published for the pages and
 * islands about to render. Only the very first call waits for Stripe (3 s at most); after that the
 * known offer answers at once and a stale one is refreshed in the background. When Stripe cannot
 * be read, the last known offer stands, or the list prices with a log line, and it is tried again
 * 30 s later.
 */
export async function currentOffer(now = Date.now()): Promise<Offer> {
  if (!cached) return refresh();
  if (now >= cached.until) void refresh();
  publishOffer(cached.offer);
  return cached.offer;
}

/** The founding price while its window is open, else none. */
export function openFoundingPrice(now = new Date()): string | null {
  const { STRIPE_FOUNDING_PRICE_ID, FOUNDING_MEMBER_UNTIL } = config();
  return STRIPE_FOUNDING_PRICE_ID && now.getTime() <= FOUNDING_MEMBER_UNTIL.getTime() ? STRIPE_FOUNDING_PRICE_ID : null;
}

/**
 * The price a new checkout charges: the founding price while the window is open, else the first
 * configured price. A client may name another configured price; the founding one only in its window.
 */
export function chooseSubscriptionPrice(requested: string | undefined, now = new Date(), plan: Plan = 'monthly'): string {
  const { STRIPE_PRICE_ID: prices, STRIPE_YEARLY_PRICE_ID: yearly } = config();
  if (plan === 'yearly') {
    if (!yearly) throw new HttpError(400, 'The yearly plan is not available.');
    return yearly;
  }
  const founding = openFoundingPrice(now);
  if (!requested) return founding ?? prices[0]!;
  if (requested === founding || requested === yearly || prices.includes(requested)) return requested;
  throw new HttpError(400, 'That price is not available.');
}

/** Which plan a recorded subscription is on, by its billing interval. */
export function planOf(interval: string | null): Plan | null {
  if (interval === 'year') return 'yearly';
  if (interval === 'month') return 'monthly';
  return null;
}

/** A founding membership: started inside the window, on the founding price. */
export function isFoundingSubscription(subscription: Pick<Stripe.Subscription, 'start_date' | 'items'>): boolean {
  const { STRIPE_FOUNDING_PRICE_ID, FOUNDING_MEMBER_UNTIL } = config();
  if (!STRIPE_FOUNDING_PRICE_ID || subscription.start_date * 1000 > FOUNDING_MEMBER_UNTIL.getTime()) return false;
  return subscription.items.data.some((item) => item.price.id === STRIPE_FOUNDING_PRICE_ID);
}
