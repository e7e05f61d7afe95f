import type { ReactNode } from 'react';
import '../ui/filters.css';

interface Option {
  id: string;
  label: string;
}

interface Props {
  /** Names the search region: "Filter spots". */
  label: string;
  idPrefix: string;
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  sort: { value: string; options: readonly Option[]; onChange: (value: string) => void };
  panel: { open: boolean; onToggle: () => void; count: number };
  /** The row of quick chips under the bar. */
  quick: ReactNode;
  /** The panel's contents, shown while it is open. */
  children: ReactNode;
}

/**
 * The filter bar of every /spots tab: search, sort and Show/Hide Filters (with how many panel
 * filters are on), quick chips under it, and the panel. While the panel is closed the bar stays in
 * reach under the site header as the list scrolls.
 */
export function FilterBar({ label, idPrefix, search, sort, panel, quick, children }: Props) {
  const panelId = `${idPrefix}-filter-panel`;
  return (
    <div className={`card filters${panel.open ? ' filters--open' : ''}`} role="search" aria-label={label}>
      <div className="filters__bar">
        <label className="visually-hidden" htmlFor={`${idPrefix}-search`}>
          {search.label}
        </label>
        <input
          id={`${idPrefix}-search`}
          className="input filters__search"
          type="search"
          placeholder={search.placeholder}
          value={search.value}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => search.onChange(event.target.value)}
        />
        <div className="filters__sort">
          <label htmlFor={`${idPrefix}-sort`}>Sort by</label>
          <select id={`${idPrefix}-sort`} className="select" value={sort.value} onChange={(event) => sort.onChange(event.target.value)}>
            {sort.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn--secondary filters__toggle"
          aria-expanded={panel.open}
          aria-controls={panel.open ? panelId : undefined}
          onClick={panel.onToggle}>
          {panel.open ? 'Hide Filters' : 'Show Filters'}
          {panel.count > 0 && (
            <span className="filters__count" aria-hidden="true">
              {panel.count}
            </span>
          )}
        </button>
      </div>
      {quick}
      {panel.open && (
        <div id={panelId} className="filters__panel">
          {children}
        </div>
      )}
    </div>
  );
}
