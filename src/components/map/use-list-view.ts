import type { ListView } from './DiscoverControls';

/** `?view=map` → map; anything else → list. A shared link opens the same view. */
export function listViewFrom(params: URLSearchParams): ListView {
  return params.get('view') === 'map' ? 'map' : 'list';
}

/** Puts the list's state in the address bar without a navigation: `params` with `view=map` when the map is shown. */
export function replaceListUrl(params: URLSearchParams, view: ListView): void {
  if (view === 'map') params.set('view', 'map');
  else params.delete('view');
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, '', url);
}
