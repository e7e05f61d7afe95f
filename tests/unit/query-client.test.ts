import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/browser/query-client';

describe('react-query defaults (spec §7/§9)', () => {
  it('never retries, never refetches on focus or interval, never goes stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(mutations?.retry).toBe(false);
  });
});
