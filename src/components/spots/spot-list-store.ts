import type { LatLng } from '../../lib/geo';
import type { ListView } from '../map/DiscoverControls';
import { useExternalStore } from '../ui/use-hydrated';

/**
 * The /spots list as the filter bar last set it. The filter bar, the list under the server's first
 * page and the map beside it are islands of their own (each wakes only when it is needed); they
 * meet here. Nothing is published until the reader changes the list.
 */
export interface SpotListState {
  /** The list's query string (`spotFiltersSearch` of the filters, page 1). */
  search: string;
  view: ListView;
  /** Where the reader is, once they asked for "near me". */
  origin: LatLng | null;
}

/** Sent on the document when the list changes, so an island still asleep wakes to draw it. */
export const SPOT_LIST_CHANGE = 'spot-list-change';

let published: SpotListState | null = null;
/** The search whose cards are on the page, once the list has drawn one of its own. */
let drawn: string | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function publishSpotList(next: SpotListState): void {
  if (published && published.search === next.search && published.view === next.view && published.origin === next.origin) return;
  published = next;
  notify();
  document.dispatchEvent(new Event(SPOT_LIST_CHANGE));
}

/** The list has drawn the cards of `search`: the count over it may stop saying "updating". */
export function markSpotListDrawn(search: string): void {
  if (drawn === search) return;
  drawn = search;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => published;
const nothingYet = () => null;

/** The list as last set, or as the server drew it (`initial`) until the reader changes it. */
export function useSpotList(initial: SpotListState): SpotListState {
  return useExternalStore(subscribe, snapshot, nothingYet) ?? initial;
}

/** The search whose cards the page shows: the server's (`initialSearch`) until the list draws another. */
export function useDrawnSearch(initialSearch: string): string {
  return useExternalStore(subscribe, drawnSnapshot, nothingYet) ?? initialSearch;
}
const drawnSnapshot = () => drawn;

/** Whether this is the first page the server drew: its cards stand for it, and nothing is drawn again. */
export function isServerList(list: SpotListState, initialSearch: string): boolean {
  return list.search === initialSearch && list.origin === null && list.view === 'list';
}

const CLEAR_FILTERS = 'spot-list-clear';

/** Asks the filter bar to clear its filters; false when no filter bar is awake to do it. */
export function requestClearFilters(): boolean {
  return !document.dispatchEvent(new Event(CLEAR_FILTERS, { cancelable: true }));
}

/** The filter bar's side of `requestClearFilters`. */
export function onClearFilters(clear: () => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    clear();
  };
  document.addEventListener(CLEAR_FILTERS, listener);
  return () => document.removeEventListener(CLEAR_FILTERS, listener);
}
