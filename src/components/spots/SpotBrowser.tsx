import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSpotMarkers } from '../../features/spots/api/get-spot-markers';
import { useSpots, type SpotsPage } from '../../features/spots/api/get-spots';
import { distancesFrom, nearestFirst } from '../../lib/geo';
import { DiscoverControls, type ListView } from '../map/DiscoverControls';
import { LazyMap } from '../map/LazyMap';
import type { MapSettings } from '../map/PlaceMap';
import { useNearMe } from '../map/use-near-me';
import { replaceListUrl } from '../map/use-list-view';
import { spotMapPoints } from '../map/map-points';
import { SPOT_CATEGORIES, SPOT_CATEGORY_LABELS, SPOT_TAGS, type SpotCategory, type SpotTag } from '../../lib/catalog';
import { DEFAULT_SPOT_FILTERS, SPOT_SORTS, hasActiveFilters, spotFiltersSearch, type SpotFilters, type SpotSort } from '../../lib/spot-filters';
import { QueryRoot } from '../ui/QueryRoot';
import { FilterBar } from '../filters/FilterBar';
import { SpotGrid } from './SpotGrid';
import { useVisitor } from './use-visitor';
import { PaywallBanner } from './PaywallBanner';
import { SubscribeDialog } from '../subscription/SubscribeDialog';
import { useMediaQuery } from '../ui/use-media-query';
import { usePaywall } from '../../features/spots/api/get-paywall';
import { freeSpotsLeftLabel, type PaywallState } from '../../lib/free-views';

interface SpotBrowserProps {
  initialFilters: SpotFilters;
  /**
   * The first page as the server read it. When the server drew its cards (`children`), its spots
   * are left out here: they are on the page already, and this island need not carry them twice.
   */
  initialPage: SpotsPage;
  initialView: ListView;
  map: MapSettings;
  /** The visitor's meter as the server judged it for this page. */
  paywall: PaywallState;
  /** The first page's cards as the server drew them (one small island each), shown until the list changes. */
  children?: ReactNode;
}

/** From this width the map sits beside the list instead of replacing it. */
const MAP_BESIDE_LIST = '(min-width: 1100px)';

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function FreeViewsNotice() {
  const { paywall } = useVisitor();
  if (!paywall.metered || paywall.locked || paywall.freeViewsLeft === null) return null;
  return (
    <p className="free-views-notice" role="status">
      <strong>{freeSpotsLeftLabel(paywall.freeViewsLeft)}</strong>. Opening a spot you've already opened is free.
    </p>
  );
}

/** The banner over the server's cards once the free views are used up (the cards carry their own Details). */
function ServerListBanner() {
  const visitor = useVisitor();
  const [subscribing, setSubscribing] = useState(false);
  if (visitor.canView) return null;
  return (
    <>
      <PaywallBanner onSubscribe={() => setSubscribing(true)} />
      {subscribing && <SubscribeDialog open onClose={() => setSubscribing(false)} />}
    </>
  );
}

function Browser({ initialFilters, initialPage, initialView, map, paywall, children }: SpotBrowserProps) {
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

  useEffect(() => replaceListUrl(new URLSearchParams(search), view), [search, view]);

  const result = useSpots({ search, initialPage: search === initialSearch ? initialPage : undefined });
  const wide = useMediaQuery(MAP_BESIDE_LIST);
  const mapBeside = wide && view === 'list';
  const markers = useSpotMarkers(search, { enabled: view === 'map' || mapBeside });

  // Near me sorts every match: a first page held without its spots is read again, then the
  // remaining pages are fetched, one request at a time.
  const firstPageHeld = result.data?.pages[0]?.spots.length === 0 && (result.data?.pages[0]?.total ?? 0) > 0;
  const { hasNextPage, isFetching, fetchNextPage, refetch } = result;
  useEffect(() => {
    if (!origin || isFetching) return;
    if (firstPageHeld) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [origin, isFetching, firstPageHeld, hasNextPage, refetch, fetchNextPage]);

  const loaded = useMemo(() => result.data?.pages.flatMap((page) => page.spots) ?? [], [result.data]);
  const distances = useMemo(() => (origin ? distancesFrom(origin, loaded) : undefined), [loaded, origin]);
  const spots = useMemo(() => (distances ? nearestFirst(loaded, distances) : loaded), [loaded, distances]);
  const total = result.data?.pages[0]?.total ?? 0;
  const points = useMemo(() => spotMapPoints(markers.data?.markers ?? [], origin), [markers.data, origin]);
  const update = (change: Partial<SpotFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const toggleTag = (tag: SpotTag) => update({ tags: filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag] });
  // The server's cards stand for the first page while the list is the one it drew; the pages
  // Load more brings follow them. Any other list (a filter, a search, near me) is drawn here whole.
  const showServerCards = children !== undefined && children !== null && search === initialSearch && !origin && view === 'list';
  const laterPages = useMemo(() => result.data?.pages.slice(1).flatMap((page) => page.spots) ?? [], [result.data]);
  const clear = () => {
    setSearchText('');
    setFilters(DEFAULT_SPOT_FILTERS);
  };

  return (
    <div className="spot-browser">
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
          {result.isFetching && !result.isFetchingNextPage ? ' · updating…' : ''}
        </p>
        {hasActiveFilters(active) && (
          <button type="button" className="btn btn--ghost btn--small" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
      <FreeViewsNotice />

      {result.isError ? (
        <div className="empty-state">
          <p className="empty-state__title">We couldn't load spots right now.</p>
          <button type="button" className="btn btn--secondary" onClick={() => result.refetch()}>
            Try again
          </button>
        </div>
      ) : view === 'map' ? (
        <LazyMap points={points} settings={map} origin={origin} label={`Map of ${points.length} ${points.length === 1 ? 'spot' : 'spots'}`} />
      ) : !showServerCards && spots.length === 0 && !result.isFetching ? (
        <div className="empty-state">
          <p className="empty-state__title">No spots match these filters.</p>
          <p className="muted">Try another category, fewer tags or a different search.</p>
          <button type="button" className="btn btn--secondary" onClick={clear}>
            Clear filters
          </button>
          <p className="empty-state__more">
            Or look through <a href="/spots?tab=restaurants">Top Restaurants</a>, <a href="/spots?tab=activities">Things to Do</a> or this week's{' '}
            <a href="/events">events</a>.
          </p>
        </div>
      ) : (
        <div className="spot-browser__split">
          <div className="spot-browser__results">
            <h2 className="visually-hidden">Results</h2>
            {showServerCards ? (
              <>
                <ServerListBanner />
                {children}
                {laterPages.length > 0 && <SpotGrid spots={laterPages} banner={false} />}
              </>
            ) : (
              <SpotGrid spots={spots} distances={distances} />
            )}
          </div>
          {/* Beside the list on wide screens; the column is laid out by CSS from the first paint, so nothing moves when the map arrives. */}
          <div className="spot-browser__aside">
            {mapBeside && <LazyMap points={points} settings={map} origin={origin} label={`Map of ${points.length} ${points.length === 1 ? 'spot' : 'spots'}`} />}
          </div>
        </div>
      )}

      {view === 'list' && !origin && result.hasNextPage && (
        <div className="spot-browser__more">
          <button type="button" className="btn btn--secondary" disabled={result.isFetchingNextPage} onClick={() => result.fetchNextPage()}>
            {result.isFetchingNextPage ? 'Loading…' : 'Load more spots'}
          </button>
        </div>
      )}
    </div>
  );
}

/** The /spots listing: filters in the URL, first page rendered by the server. */
export default function SpotBrowser(props: SpotBrowserProps) {
  return (
    <QueryRoot>
      <Browser {...props} />
    </QueryRoot>
  );
}
