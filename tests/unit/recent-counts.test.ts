import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberCounts, withRecentCounts } from '../../src/browser/recent-counts';

/** A tab's sessionStorage, as the browser gives it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('the counts of this tab’s own Love or Been here', () => {
  beforeEach(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('raise an older page’s counts after a reload, for that spot only', () => {
    rememberCounts(48, { lovedCount: 1, visitedCount: 3 }, 1_000);
    expect(withRecentCounts(48, { lovedCount: 0, visitedCount: 3 }, 2_000)).toEqual({ lovedCount: 1, visitedCount: 3 });
    expect(withRecentCounts(49, { lovedCount: 0, visitedCount: 0 }, 2_000)).toEqual({ lovedCount: 0, visitedCount: 0 });
  });

  it('never lower a page that already shows more (other readers loved it since)', () => {
    rememberCounts(48, { lovedCount: 1, visitedCount: 0 }, 1_000);
    expect(withRecentCounts(48, { lovedCount: 7, visitedCount: 2 }, 2_000)).toEqual({ lovedCount: 7, visitedCount: 2 });
  });

  it('are forgotten after a minute, when every page shows them anyway', () => {
    rememberCounts(48, { lovedCount: 1, visitedCount: 0 }, 1_000);
    expect(withRecentCounts(48, { lovedCount: 0, visitedCount: 0 }, 60_999)).toEqual({ lovedCount: 1, visitedCount: 0 });
    expect(withRecentCounts(48, { lovedCount: 0, visitedCount: 0 }, 61_000)).toEqual({ lovedCount: 0, visitedCount: 0 });
  });

  it('leave the page’s counts as they are when storage is broken or absent', () => {
    sessionStorage.setItem('recentReactionCounts', '{not json');
    expect(withRecentCounts(48, { lovedCount: 2, visitedCount: 1 })).toEqual({ lovedCount: 2, visitedCount: 1 });
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    rememberCounts(48, { lovedCount: 5, visitedCount: 5 });
    expect(withRecentCounts(48, { lovedCount: 2, visitedCount: 1 })).toEqual({ lovedCount: 2, visitedCount: 1 });
  });
});
