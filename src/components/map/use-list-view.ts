import { useState } from 'react';
import type { ListView } from './DiscoverControls';

/** List or map; the page keeps it in its URL (`?view=map`), so a shared link opens the same view. */
export function useListView(initial: ListView): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(initial);
  return [view, setView];
}

/** `?view=map` → map; anything else → list. */
export function listViewFrom(params: URLSearchParams): ListView {
  return params.get('view') === 'map' ? 'map' : 'list';
}
