/**
 * An offer's deal in plain words, the same on its page, in the back office and in History:
 * "50% off for 3 months, then $2.99/month", "7 days free, then $2.99/month".
 */
export interface OfferTerms {
  kind: 'percent' | 'amount' | 'trial';
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever' | null;
  durationMonths: number | null;
  trialDays: number | null;
}

export function money(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The deal alone: "50% off for 3 months". */
export function dealWords(offer: OfferTerms): string {
  if (offer.kind === 'trial') return `${plural(offer.trialDays ?? 0, 'day')} free`;
  const off = offer.kind === 'percent' ? `${offer.percentOff}% off` : `${money(offer.amountOff ?? 0, offer.currency ?? 'usd')} off`;
  if (offer.duration === 'forever') return `${off} every month, for as long as you stay`;
  if (offer.duration === 'repeating') return `${off} for ${plural(offer.durationMonths ?? 1, 'month')}`;
  return `${off} your first month`;
}

/** The deal and what follows it: "50% off for 3 months, then $2.99/month". */
export function offerWords(offer: OfferTerms, regular: string): string {
  if (offer.duration === 'forever' && offer.kind !== 'trial') return `${dealWords(offer)} (regular price ${regular})`;
  return `${dealWords(offer)}, then ${regular}`;
}
