/**
 * What membership costs, as every page, dialog and email says it. The amounts come from the
 * configured Stripe prices (server/subscriptions/pricing.ts reads and caches them); without
 * Stripe they are the defaults below. The server publishes the current offer before a page
 * renders, the layout embeds it in the page (`<meta name="site-offer">`), and the browser reads it from there,
 * so an island says the same amount on the server and after hydration.
 */
import { formatCityDate } from './city-format';

/** One recurring price as words: `$2.99` per `month` (`mo`). */
export interface PriceText {
  amount: string;
  per: string;
  perShort: string;
}

export interface Offer {
  /** What a new member pays once the founding window has closed. */
  regular: PriceText;
  /** The founding-member rate, or null when none is configured (then nothing promises one). */
  founding: PriceText | null;
  /** The founding window closes at this instant (ISO 8601). */
  foundingUntil: string;
  /** The yearly plan, only when a yearly price is configured: its price and what it saves over twelve regular months. */
  yearly?: YearlyPlan;
  /** Present, and false, when this server takes no payments: the subscribe dialog then offers the free newsletter. */
  payments?: false;
}

export interface YearlyPlan extends PriceText {
  /** Whole percent saved against twelve months at the regular price (0 when it saves nothing). */
  savingPercent: number;
}

export type Plan = 'monthly' | 'yearly';

/** "Save 17%" when the yearly plan saves anything. */
export function yearlySaving(plan: YearlyPlan): string | null {
  return plan.savingPercent > 0 ? `Save ${plan.savingPercent}%` : null;
}

/** The offer at one instant: whether the founding rate is open and what checkout charges. */
export interface OfferNow extends Offer {
  foundingOpen: boolean;
  charged: PriceText;
  /** "Dec 31, 2025" */
  foundingUntilLabel: string;
}

/** The end of Dec 31, 2025 in city time; `FOUNDING_MEMBER_UNTIL` moves it. */
export const DEFAULT_FOUNDING_UNTIL = '2025-12-31';

export const DEFAULT_OFFER: Offer = {
  regular: { amount: '$2.99', per: 'month', perShort: 'mo' },
  founding: { amount: '$4.99', per: 'month', perShort: 'mo' },
  foundingUntil: foundingInstant(DEFAULT_FOUNDING_UNTIL).toISOString(),
};

/** `2025-12-31` is the end of that day in Scottsdale (UTC−7 all year); a full timestamp is taken as written. */
export function foundingInstant(value: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return new Date(day ? `${value}T23:59:59.999-07:00` : value);
}

const SHORT_PERIOD: Record<string, string> = { day: 'day', week: 'wk', month: 'mo', year: 'yr' };

/** Stripe's `unit_amount` (minor units), currency and interval as words. */
export function priceText(unitAmount: number, currency: string, interval: string, intervalCount = 1): PriceText {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(unitAmount / 100);
  if (intervalCount === 1) return { amount, per: interval, perShort: SHORT_PERIOD[interval] ?? interval };
  const per = `${intervalCount} ${interval}s`;
  return { amount, per, perShort: per };
}

/** "$2.99/month" */
export function perPeriod(price: PriceText): string {
  return `${price.amount}/${price.per}`;
}

/** "$2.99/mo" */
export function perPeriodShort(price: PriceText): string {
  return `${price.amount}/${price.perShort}`;
}

export function offerAt(offer: Offer, now: Date = new Date()): OfferNow {
  const until = new Date(offer.foundingUntil);
  const foundingOpen = offer.founding !== null && now.getTime() <= until.getTime();
  return {
    ...offer,
    foundingOpen,
    charged: foundingOpen && offer.founding ? offer.founding : offer.regular,
    foundingUntilLabel: formatCityDate(until).replace(/^(\w{3})\w*/, '$1'),
  };
}

let published: Offer = DEFAULT_OFFER;
let embedded: Offer | null = null;

/** Server only: the offer pages render with from now on. */
export function publishOffer(offer: Offer): void {
  published = offer;
}

/** The current offer: on the server the published one, in the browser the one its page carries. */
export function siteOffer(): Offer {
  if (typeof document === 'undefined') return published;
  if (embedded) return embedded;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="site-offer"]');
  try {
    embedded = meta?.content ? (JSON.parse(meta.content) as Offer) : DEFAULT_OFFER;
  } catch {
    embedded = DEFAULT_OFFER;
  }
  return embedded;
}

/** The embedded form (JSON, with `<` escaped so it is inert anywhere in a page); a closed founding rate is left out. */
export function offerJson(offer: Offer, now: Date = new Date()): string {
  const shown = offerAt(offer, now).foundingOpen ? offer : { ...offer, founding: null };
  return JSON.stringify(shown).replace(/</g, '\\u003c');
}
