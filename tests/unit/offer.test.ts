import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER, foundingInstant, offerAt, offerJson, perPeriod, perPeriodShort, priceText, type Offer } from '../../src/lib/offer';
import { readConfig } from '../../src/server/config';

describe('prices as words', () => {
  it('says Stripe amounts in minor units with their period', () => {
    const monthly = priceText(299, 'usd', 'month');
    expect(perPeriod(monthly)).toBe('$2.99/month');
    expect(perPeriodShort(monthly)).toBe('$2.99/mo');
    expect(perPeriodShort(priceText(2990, 'usd', 'year'))).toBe('$29.90/yr');
    expect(perPeriod(priceText(1500, 'eur', 'month'))).toBe('€15.00/month');
    expect(perPeriod(priceText(999, 'usd', 'month', 3))).toBe('$9.99/3 months');
  });

  it('defaults to the list prices', () => {
    expect(perPeriod(DEFAULT_OFFER.regular)).toBe('$2.99/month');
    expect(perPeriod(DEFAULT_OFFER.founding!)).toBe('$4.99/month');
    expect(DEFAULT_OFFER.foundingUntil).toBe('2026-01-01T06:59:59.999Z');
  });
});

describe('the founding window', () => {
  it('a date closes at the end of that day in Scottsdale; a timestamp at that instant', () => {
    expect(foundingInstant('2025-12-31').toISOString()).toBe('2026-01-01T06:59:59.999Z');
    expect(foundingInstant('2026-03-01T12:00:00Z').toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('is open up to and including its last instant, and charges the founding price while open', () => {
    const last = new Date(DEFAULT_OFFER.foundingUntil);
    const open = offerAt(DEFAULT_OFFER, last);
    expect(open).toMatchObject({ foundingOpen: true, foundingUntilLabel: 'Dec 31, 2025' });
    expect(perPeriod(open.charged)).toBe('$4.99/month');
    const closed = offerAt(DEFAULT_OFFER, new Date(last.getTime() + 1));
    expect(closed.foundingOpen).toBe(false);
    expect(perPeriod(closed.charged)).toBe('$2.99/month');
  });

  it('is never open without a founding price', () => {
    const offer: Offer = { ...DEFAULT_OFFER, founding: null, foundingUntil: '2099-01-01T00:00:00.000Z' };
    expect(offerAt(offer, new Date('2026-11-24T12:00:00Z'))).toMatchObject({ foundingOpen: false, charged: DEFAULT_OFFER.regular });
  });

  it('a page carries the founding price only while it can be charged, as JSON with no markup in it', () => {
    const before = JSON.parse(offerJson(DEFAULT_OFFER, new Date('2025-06-01T00:00:00Z')));
    expect(before.founding).toEqual(DEFAULT_OFFER.founding);
    expect(JSON.parse(offerJson(DEFAULT_OFFER, new Date('2026-06-01T00:00:00Z'))).founding).toBeNull();
    const hostile = { ...DEFAULT_OFFER, regular: { amount: '</script><script>alert(1)</script>', per: 'month', perShort: 'mo' } };
    expect(offerJson(hostile)).not.toContain('</script>');
    expect(JSON.parse(offerJson(hostile)).regular.amount).toBe('</script><script>alert(1)</script>');
  });
});

describe('FOUNDING_MEMBER_UNTIL', () => {
  it('defaults to the end of Dec 31, 2025 and accepts a date or a timestamp', () => {
    expect(readConfig({}).FOUNDING_MEMBER_UNTIL.toISOString()).toBe('2026-01-01T06:59:59.999Z');
    expect(readConfig({ FOUNDING_MEMBER_UNTIL: '2027-02-28' }).FOUNDING_MEMBER_UNTIL.toISOString()).toBe('2027-03-01T06:59:59.999Z');
    expect(readConfig({ FOUNDING_MEMBER_UNTIL: '2027-02-28T10:00:00-07:00' }).FOUNDING_MEMBER_UNTIL.toISOString()).toBe('2027-02-28T17:00:00.000Z');
  });

  it.each(['tomorrow', '2027-13-45', '31/12/2025', '2027-02-28T10:00'])('refuses %s with a readable message', (value) => {
    expect(() => readConfig({ FOUNDING_MEMBER_UNTIL: value })).toThrow('FOUNDING_MEMBER_UNTIL must be an ISO date like 2025-12-31');
  });
});
