import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False in the server render and during hydration, true once the island is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
