import { useEffect, useRef, useState } from 'react';
import { useSpots, type SpotsPage } from '../../features/spots/api/get-spots';
import { DiscoverControls, type ListView } from '../map/DiscoverControls';
import { useNearMe } from '../map/use-near-me';
import { replaceListUrl } from '../map/use-list-view';
import { SPOT_CATEGORIES, SPOT_CATEGORY_LABELS, SPOT_TAGS, type SpotCategory, type SpotTag } from '../../lib/catalog';
import { DEFAULT_SPOT_FILTERS, SPOT_SORTS, hasActiveFilters, spotFiltersSearch, type SpotFilters, type SpotSort } from '../../lib/spot-filters';
import { QueryRoot } from '../ui/QueryRoot';
import { FilterBar } from '../filters/FilterBar';
import { usePaywall } from '../../features/spots/api/get-paywall';
import type { PaywallState } from '../../lib/free-views';
import { onClearFilters, publishSpotList, useDrawnSearch } from './spot-list-store';
import './spots.css';

interface SpotBrowserProps {
  initialFilters: SpotFilters;
  /** The first page as the server read it (its spots are left out: the page draws them). */
  initialPage: SpotsPage;
  initialView: ListView;
  /** The visitor's meter as the server judged it for this page. */
  paywall: PaywallState;
}

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function Browser({ initialFilters, initialPage, initialView, paywall }: SpotBrowserProps) {
  // Seeds the one state every card, banner and Details of this page reads.
  usePaywall(paywall);
  const [filters, setFilters] = useState<SpotFilters>(initialFilters);
  const [searchText, setSearchText] = useState(initialFilters.q);
  const [filtersOpen, setFiltersOpen] = useState(initialFilters.tags.length > 0);
  const q = useDebounced(searchText.trim(), SEARCH_DELAY_MS);
  const active: SpotFilters = { ...filters, q, page: 1 };
  const search = spotFiltersSearch(active);
  const initialSearch = spotFiltersSearch({ ...initialFilters, page: 1 });

  const [view, setView] = useState<ListView>(initialView);
  const { nearMe, toggle: toggleNearMe } = useNearMe();
  const origin = nearMe.state === 'on' ? nearMe.origin : null;
  const changed = search !== initialSearch || view !== initialView || origin !== null;

  // The list and the map under the bar draw what is set here; until something changes, the server's page stands.
  const touched = useRef(false);
  useEffect(() => {
    if (!changed && !touched.current) return;
    touched.current = true;
    publishSpotList({ search, view, origin });
    replaceListUrl(new URLSearchParams(search), view);
  }, [changed, search, view, origin]);

  const result = useSpots({ search, initialPage: search === initialSearch ? initialPage : undefined });
  const total = result.data?.pages[0]?.total ?? 0;
  // Until the list under the bar has drawn this search's cards (its code may still be on its way), the count says so.
  const drawnSearch = useDrawnSearch(initialSearch);
  const update = (change: Partial<SpotFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const toggleTag = (tag: SpotTag) => update({ tags: filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag] });
  const clear = () => {
    setSearchText('');
    setFilters(DEFAULT_SPOT_FILTERS);
  };
  useEffect(() => onClearFilters(clear), []);

  return (
    <>
      <FilterBar
        label="Filter spots"
        idPrefix="spot"
        search={{ label: 'Search spots', placeholder: 'Search spots, tags, neighborhoods…', value: searchText, onChange: setSearchText }}
        sort={{ value: filters.sort, options: SPOT_SORTS, onChange: (sort) => update({ sort: sort as SpotSort }) }}
        panel={{ open: filtersOpen, onToggle: () => setFiltersOpen((open) => !open), count: filters.tags.length }}
        quick={
          <div className="chip-row filters__quick" role="group" aria-label="Category">
            <button type="button" className="chip" aria-pressed={filters.category === null} onClick={() => update({ category: null })}>
              All
            </button>
            {SPOT_CATEGORIES.map((category: SpotCategory) => (
              <button key={category} type="button" className="chip" aria-pressed={filters.category === category} onClick={() => update({ category })}>
                {SPOT_CATEGORY_LABELS[category]}
              </button>
            ))}
          </div>
        }>
        <div className="filters__group" role="group" aria-labelledby="spot-tags-legend">
          <span id="spot-tags-legend" className="filters__legend">
            Tags
          </span>
          <div className="filters__chips">
            {SPOT_TAGS.map((tag) => (
              <button key={tag} type="button" className="chip chip--small" aria-pressed={filters.tags.includes(tag)} onClick={() => toggleTag(tag)}>
                {tag}
              </button>
            ))}
          </div>
        </div>
      </FilterBar>

      <DiscoverControls view={view} onView={setView} openNow={filters.openNow} onOpenNow={(openNow) => update({ openNow })} nearMe={nearMe} onNearMe={toggleNearMe} />
      <div className="spot-browser__status">
        <p className="spot-browser__count" aria-live="polite">
          {total} {total === 1 ? 'spot' : 'spots'}
          {(result.isFetching && !result.isFetchingNextPage) || drawnSearch !== search ? ' · updating…' : ''}
        </p>
        {hasActiveFilters(active) && (
          <button type="button" className="btn btn--ghost btn--small" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </>
  );
}

/**
 * The /spots filter bar: search, sort, category and tag chips, List/Map, Open now, Near me and the
 * count. Drawn by the server and woken by the reader's first touch (`client:on-interaction`); the
 * list under it (SpotResults) and the map beside it (SpotMapBeside) follow what is set here.
 */
export default function SpotBrowser(props: SpotBrowserProps) {
  return (
    <QueryRoot>
      <Browser {...props} />
    </QueryRoot>
  );
}
