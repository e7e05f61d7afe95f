import { describe, expect, it } from 'vitest';
import {
  UNMETERED,
  VIEW_COUNT_AFTER_SUBSCRIBING,
  canViewSpot,
  countView,
  freeSpotsLeftLabel,
  freeViewsLeft,
  joinPaywall,
  needsSubscription,
  paywallState,
  reachedFreeLimit,
} from '../../src/lib/free-views';

describe('free views (spec §4, §6)', () => {
  describe('§6 roles', () => {
    it('visitor with no stored email views everything and is never blocked', () => {
      for (const viewCount of [0, 3, 10, 1000]) {
        expect(canViewSpot({ email: null, isActive: false, viewCount })).toBe(true);
        expect(canViewSpot({ email: '', isActive: false, viewCount })).toBe(true);
        expect(freeViewsLeft({ email: undefined, isActive: false, viewCount })).toBe(Infinity);
      }
    });
    it('email holder without an active subscription gets 3 free views', () => {
      const viewer = (viewCount: number) => ({ email: 'ana@example.com', isActive: false, viewCount });
      expect([0, 1, 2, 3, 4].map((n) => canViewSpot(viewer(n)))).toEqual([true, true, true, false, false]);
      expect([0, 1, 2, 3, 4].map((n) => needsSubscription(viewer(n)))).toEqual([false, false, false, true, true]);
    });
    it('active subscriber has unlimited views', () => {
      for (const viewCount of [0, 3, 4, 10, 500]) {
        expect(canViewSpot({ email: 'ana@example.com', isActive: true, viewCount })).toBe(true);
        expect(freeViewsLeft({ email: 'ana@example.com', isActive: true, viewCount })).toBe(Infinity);
      }
    });
  });

  describe('§4 bullets', () => {
    it('the count starts at 0 and rises by 1 per view', () => {
      let count = 0;
      count = countView(count);
      count = countView(count);
      expect(count).toBe(2);
    });
    it('can view while the count is below 3; at 3 or more a subscription is needed', () => {
      expect(canViewSpot({ email: 'a@b.co', isActive: false, viewCount: 2 })).toBe(true);
      expect(canViewSpot({ email: 'a@b.co', isActive: false, viewCount: 3 })).toBe(false);
    });
    it('remaining free views are 3 minus the count, never negative', () => {
      expect([0, 1, 2, 3, 7].map((viewCount) => freeViewsLeft({ email: 'a@b.co', isActive: false, viewCount }))).toEqual([3, 2, 1, 0, 0]);
    });
    it('after subscribing the count resets', () => {
      expect(VIEW_COUNT_AFTER_SUBSCRIBING).toBe(0);
      expect(canViewSpot({ email: 'a@b.co', isActive: false, viewCount: VIEW_COUNT_AFTER_SUBSCRIBING })).toBe(true);
    });
    it('the Premium badge shows once the count reaches the limit', () => {
      expect(reachedFreeLimit(2)).toBe(false);
      expect(reachedFreeLimit(3)).toBe(true);
    });
  });
});

describe('one paywall state for every page and island', () => {
  const holder = (viewCount: number) => paywallState({ email: 'a@b.co', isActive: false, viewCount });

  it('no email or an active subscription: no meter; an email holder: what is left, locked at 0', () => {
    expect(paywallState({ email: null, isActive: false, viewCount: 9 })).toEqual({ metered: false, freeViewsLeft: null, locked: false });
    expect(paywallState({ email: 'a@b.co', isActive: true, viewCount: 9 })).toEqual({ metered: false, freeViewsLeft: null, locked: false });
    expect([0, 1, 2, 3, 4].map(holder)).toEqual([
      { metered: true, freeViewsLeft: 3, locked: false },
      { metered: true, freeViewsLeft: 2, locked: false },
      { metered: true, freeViewsLeft: 1, locked: false },
      { metered: true, freeViewsLeft: 0, locked: true },
      { metered: true, freeViewsLeft: 0, locked: true },
    ]);
  });

  it("the server's lock holds whatever the browser stores (a fresh browser with the same cookies)", () => {
    expect(joinPaywall(holder(3), UNMETERED)).toEqual({ metered: true, freeViewsLeft: 0, locked: true });
    expect(joinPaywall(holder(3), holder(0))).toEqual({ metered: true, freeViewsLeft: 0, locked: true });
  });

  it("the browser's own count may only make it stricter", () => {
    expect(joinPaywall(holder(1), holder(3))).toEqual({ metered: true, freeViewsLeft: 0, locked: true });
    expect(joinPaywall(UNMETERED, holder(2))).toEqual({ metered: true, freeViewsLeft: 1, locked: false });
    expect(joinPaywall(undefined, UNMETERED)).toEqual(UNMETERED);
  });

  it('says "2 of 3 free spots left"', () => {
    expect(freeSpotsLeftLabel(2)).toBe('2 of 3 free spots left');
    expect(freeSpotsLeftLabel(0)).toBe('0 of 3 free spots left');
  });
});
