import { MIN_RATING_OPTIONS, PRICE_RANGES, type PlaceFilters } from '../../lib/place-list';

interface PlaceFilterPanelProps {
  id: string;
  filters: PlaceFilters;
  /** Tags other than the cuisines (or types), which the chips above the list offer once. */
  tags: string[];
  onChange: (change: Partial<PlaceFilters>) => void;
}

function toggled(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * Price range, minimum rating and tags of the restaurants and activities list (spec §2); the
 * cuisine is chosen once, with the chips above the list.
 */
export function PlaceFilterPanel({ id, filters, tags, onChange }: PlaceFilterPanelProps) {
  const ratingId = `${id}-rating`;

  return (
    <div className="place-filters__panel">
      <div className="place-filters__grid">
        <div className="place-filters__group" role="group" aria-labelledby={`${id}-price`}>
          <span id={`${id}-price`} className="place-filters__legend">
            Price range
          </span>
          <div className="place-filters__chips">
            {PRICE_RANGES.map((price) => (
              <button
                key={price}
                type="button"
                className="chip"
                aria-pressed={filters.priceRanges.includes(price)}
                onClick={() => onChange({ priceRanges: toggled(filters.priceRanges, price) })}>
                {price}
              </button>
            ))}
          </div>
        </div>
        <div className="place-filters__group">
          <label className="place-filters__legend" htmlFor={ratingId}>
            Minimum rating
          </label>
          <select
            id={ratingId}
            className="select"
            value={filters.minRating === null ? '' : String(filters.minRating)}
            onChange={(event) => onChange({ minRating: event.target.value ? Number(event.target.value) : null })}>
            <option value="">Any rating</option>
            {MIN_RATING_OPTIONS.map((rating) => (
              <option key={rating} value={String(rating)}>
                {rating.toFixed(1)}+
              </option>
            ))}
          </select>
        </div>
      </div>
      {tags.length > 0 && (
        <div className="place-filters__group" role="group" aria-labelledby={`${id}-tags`}>
          <span id={`${id}-tags`} className="place-filters__legend">
            Tags
          </span>
          <div className="place-filters__chips place-filters__chips--tags">
            {tags.map((tag) => (
              <button
                key={tag}
                type="button"
                className="chip chip--small"
                aria-pressed={filters.tags.includes(tag)}
                onClick={() => onChange({ tags: toggled(filters.tags, tag) })}>
                {tag}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
