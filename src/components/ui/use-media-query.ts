import { useExternalStore } from './use-hydrated';

/**
 * Whether a media query matches, kept current as the window changes. False on the server and while
 * hydrating, so the first render matches the HTML the server sent.
 */
export function useMediaQuery(query: string): boolean {
  return useExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
