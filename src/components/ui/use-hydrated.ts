import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * False in the server render and during hydration, true once the island is interactive. The flip
 * happens in a layout effect, so a component mounted later never paints the server's state.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the hydrating render must draw what the server drew; the browser's state follows at once
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * `useSyncExternalStore` with React's server-snapshot contract: the server and the hydrating render
 * read `getServerSnapshot`, the browser reads `getSnapshot` from then on. Preact's compat version
 * would read the browser snapshot everywhere, so hydration would keep the server's attributes.
 */
export function useExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : getServerSnapshot);
}
